import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer';

describe('Composer on a page drawn on the server', () => {
  it('sends what the field shows when it was typed before the app took the page over', () => {
    const onSend = vi.fn();
    const onChange = vi.fn();
    render(<Composer value="" onChange={onChange} onSend={onSend} inputRef={createRef()} />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    // Typed into the drawn HTML: the field holds it, the draft does not (no change event reached React).
    field.value = 'Are you there?';
    fireEvent.submit(field.closest('form')!);
    expect(onSend).toHaveBeenCalledWith('Are you there?');
  });

  it('sends nothing for a field that holds only spaces', () => {
    const onSend = vi.fn();
    render(<Composer value="" onChange={vi.fn()} onSend={onSend} inputRef={createRef()} />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    field.value = '   ';
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});
