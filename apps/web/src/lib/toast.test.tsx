import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test gets a fresh module: the toast store lives at module level.
async function freshToast() {
  vi.resetModules();
  return import('./toast');
}

afterEach(() => {
  vi.doUnmock('react-toastify');
});

describe('toasts', () => {
  it('show through react-toastify once it has loaded', async () => {
    const { Toaster, toast } = await freshToast();
    render(
      <>
        <p>Page content</p>
        <Toaster />
      </>,
    );
    act(() => toast.success('Request created successfully!'));
    expect(await screen.findByText('Request created successfully!')).toBeInTheDocument();
    expect(document.querySelector('.Toastify')).not.toBeNull();
  });

  it('still show, and keep the app on screen, when the library cannot be loaded', async () => {
    vi.doMock('react-toastify', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/toastify-old.js');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { Toaster, toast } = await freshToast();
    render(
      <>
        <p>Page content</p>
        <Toaster />
      </>,
    );
    act(() => toast.error('Failed to send message'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send message');
    expect(screen.getByText('Page content')).toBeInTheDocument();

    // Later toasts use the fallback too; a repeated id does not stack; Close removes it.
    act(() => toast.success('Profile updated successfully', { toastId: 'saved' }));
    act(() => toast.success('Profile updated successfully', { toastId: 'saved' }));
    expect(await screen.findAllByText('Profile updated successfully')).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Failed to send message')).not.toBeInTheDocument();
  });
});
