import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useRef } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ToastExports from './toast';

// Each test gets a fresh module: the toast store lives at module level.
type ToastModule = typeof ToastExports;

async function freshToast(): Promise<ToastModule> {
  vi.resetModules();
  return import('./toast');
}

/** The box of a bar at the top of a 390 px wide screen, `bottom` px high. */
const topBox = (bottom: number) => DOMRect.fromRect({ x: 0, y: 0, width: 390, height: bottom });

/** A top bar whose box is `rect()`, kept clear of by `useToastClearance` (of a freshly loaded module). */
function topBarWith(useToastClearance: ToastModule['useToastClearance']) {
  return function TopBar({ rect }: { rect: () => DOMRect }) {
    const ref = useRef<HTMLElement>(null);
    useToastClearance(ref);
    return (
      <header
        ref={(el) => {
          ref.current = el;
          if (el) el.getBoundingClientRect = rect;
        }}
      >
        Top bar
      </header>
    );
  };
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

  it('replaces the earlier toast of the same action: no red "Invalid OTP" under "Email verified"', async () => {
    const { Toaster, toast } = await freshToast();
    render(<Toaster />);
    act(() => toast.error('Invalid or expired OTP', { toastId: 'auth:verify' }));
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();

    act(() => toast.success('Email verified successfully!', { toastId: 'auth:verify' }));
    const verified = await screen.findByText('Email verified successfully!');
    await waitFor(() => expect(screen.queryByText('Invalid or expired OTP')).not.toBeInTheDocument());
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
    // The success colour, not the error's.
    expect(verified.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');

    // Another action keeps its own toast beside it.
    act(() => toast.success('OTP sent successfully', { toastId: 'auth:resend-code' }));
    expect(await screen.findByText('OTP sent successfully')).toBeInTheDocument();
    expect(screen.getByText('Email verified successfully!')).toBeInTheDocument();
  });

  it('replaces the earlier toast of the same action in the fallback list too', async () => {
    vi.doMock('react-toastify', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/toastify-old.js');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { Toaster, toast } = await freshToast();
    render(<Toaster />);
    act(() => toast.error('Failed to accept request', { toastId: 'request:accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to accept request');
    act(() => toast.success('Request accepted successfully', { toastId: 'request:accept' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Request accepted successfully');
    expect(screen.queryByText('Failed to accept request')).not.toBeInTheDocument();
  });

  it('opens toasts below the top bar, never over its buttons', async () => {
    const TopBar = topBarWith((await freshToast()).useToastClearance);
    const Bar = ({ bottom }: { bottom: number }) => <TopBar rect={() => topBox(bottom)} />;
    const root = document.documentElement.style;
    const { rerender, unmount } = render(<Bar bottom={64} />);
    expect(root.getPropertyValue('--toast-clearance')).toBe('64px');
    // A second bar lower down (a chat header under the top bar) pushes the toasts below it.
    rerender(
      <>
        <Bar bottom={64} />
        <Bar bottom={129} />
      </>,
    );
    expect(root.getPropertyValue('--toast-clearance')).toBe('129px');
    unmount();
    expect(root.getPropertyValue('--toast-clearance')).toBe('');
  });

  it('measures the bars once the page is next laid out, not while a screen is being drawn', async () => {
    let report: () => void = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          report = callback;
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    try {
      const TopBar = topBarWith((await freshToast()).useToastClearance);
      const measured = vi.fn(() => topBox(64));
      const Bar = () => <TopBar rect={measured} />;
      const root = document.documentElement.style;
      const set = vi.spyOn(root, 'setProperty');
      const { unmount } = render(
        <>
          <Bar />
          <Bar />
        </>,
      );
      // Mounting forces no layout: the observer reports the bars' sizes after the next layout.
      expect(measured).not.toHaveBeenCalled();
      report();
      expect(root.getPropertyValue('--toast-clearance')).toBe('64px');
      expect(set).toHaveBeenCalledTimes(1);
      // The same clearance again is not written again (that would restyle the whole page).
      report();
      expect(set).toHaveBeenCalledTimes(1);
      unmount();
      expect(root.getPropertyValue('--toast-clearance')).toBe('');
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('on a phone, raises toasts above the bars at the bottom, but never past most of the screen', async () => {
    const { useToastClearance } = await freshToast();
    const height = window.innerHeight;
    function BottomBar({ top }: { top: number }) {
      const ref = useRef<HTMLElement>(null);
      useToastClearance(ref, 'bottom');
      return (
        <nav
          ref={(el) => {
            ref.current = el;
            if (el)
              el.getBoundingClientRect = () =>
                DOMRect.fromRect({ x: 0, y: top, width: 390, height: height - top });
          }}
        >
          Bottom bar
        </nav>
      );
    }
    const root = document.documentElement.style;
    // The tab bar (64 px high), then a sheet's buttons (120 px) over it: toasts clear the higher one.
    const { rerender, unmount } = render(<BottomBar top={height - 64} />);
    expect(root.getPropertyValue('--toast-clearance-bottom')).toBe('64px');
    rerender(
      <>
        <BottomBar top={height - 64} />
        <BottomBar top={height - 120} />
      </>,
    );
    expect(root.getPropertyValue('--toast-clearance-bottom')).toBe('120px');
    // A bar reaching almost to the top would push toasts off the screen: they stop at 60%.
    rerender(<BottomBar top={10} />);
    expect(root.getPropertyValue('--toast-clearance-bottom')).toBe(`${Math.round(height * 0.6)}px`);
    unmount();
    expect(root.getPropertyValue('--toast-clearance-bottom')).toBe('');
  });
});
