import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from './SearchField';

function renderField() {
  const onSearch = vi.fn();
  render(
    <>
      <SearchField label="Search wanted posts" value="" maxLength={100} onSearch={onSearch} />
      <a href="/wanted/1" onClick={(event) => event.preventDefault()}>
        Kettle
      </a>
    </>,
  );
  return { onSearch, field: screen.getByRole('searchbox', { name: 'Search wanted posts' }) };
}

describe('SearchField', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches for the trimmed words 300 ms after the last key', () => {
    const { onSearch, field } = renderField();
    fireEvent.change(field, { target: { value: 'kett' } });
    vi.advanceTimersByTime(200);
    fireEvent.change(field, { target: { value: 'kettle ' } });
    vi.advanceTimersByTime(299);
    expect(onSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('kettle');
  });

  it('drops the words still waiting when a link is followed, so the address stays the link’s', () => {
    const { onSearch, field } = renderField();
    fireEvent.change(field, { target: { value: 'kettle' } });
    vi.advanceTimersByTime(100);
    fireEvent.click(screen.getByRole('link', { name: 'Kettle' }));
    vi.advanceTimersByTime(1000);
    expect(onSearch).not.toHaveBeenCalled();
    // Typing again searches again.
    fireEvent.change(field, { target: { value: 'kettles' } });
    vi.advanceTimersByTime(300);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('kettles');
  });
});
