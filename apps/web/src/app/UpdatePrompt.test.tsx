import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type WorkerControl, watchForUpdates } from '@/lib/service-worker';
import { UpdatePrompt } from './UpdatePrompt';

/** A service worker registration whose events the test fires. */
function fakeWorker() {
  const handlers = new Map<string, Array<() => void>>();
  const worker = {
    addEventListener: vi.fn((type: string, handler: () => void) => {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    }),
    messageSkipWaiting: vi.fn(),
  };
  const fire = (type: string) => act(() => handlers.get(type)?.forEach((h) => h()));
  return { worker: worker as unknown as WorkerControl & typeof worker, fire };
}

describe('UpdatePrompt', () => {
  it('says nothing while no new version waits', () => {
    const { worker } = fakeWorker();
    render(<UpdatePrompt update={watchForUpdates(worker, vi.fn())} />);
    expect(screen.queryByText(/A new version is available/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('offers the new version once it waits, and reloads onto it when asked', async () => {
    const { worker, fire } = fakeWorker();
    const reload = vi.fn();
    render(<UpdatePrompt update={watchForUpdates(worker, reload)} />);

    fire('waiting');
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available — Reload');

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.messageSkipWaiting).toHaveBeenCalledOnce();
    // The page reloads only when the new version controls it, never onto the old one.
    expect(reload).not.toHaveBeenCalled();
    fire('controlling');
    expect(reload).toHaveBeenCalledOnce();
  });
});
