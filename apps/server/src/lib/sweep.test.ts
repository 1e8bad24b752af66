import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSweep } from './sweep';

afterEach(() => void vi.useRealTimers());

describe('startSweep', () => {
  it('sweeps on every tick, skips a tick while the last sweep runs, and stop waits for it', async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const sweep = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const log = { error: vi.fn() };
    const sweeper = startSweep(sweep, 1000, log, 'sweep failed');

    await vi.advanceTimersByTimeAsync(1000);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000); // still running: no second sweep
    expect(sweep).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000); // stopped: no more sweeps
    expect(sweep).toHaveBeenCalledTimes(1);
  });

  it('logs a failed sweep and tries again on the next tick', async () => {
    vi.useFakeTimers();
    const sweep = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue(undefined);
    const log = { error: vi.fn() };
    const sweeper = startSweep(sweep, 1000, log, 'sweep failed');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledOnce();
    expect(log.error.mock.calls[0]![1]).toBe('sweep failed');
    await sweeper.stop();
  });

  it('never sweeps when the interval is 0', async () => {
    vi.useFakeTimers();
    const sweep = vi.fn(() => Promise.resolve());
    const sweeper = startSweep(sweep, 0, { error: vi.fn() }, 'sweep failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sweep).not.toHaveBeenCalled();
    await sweeper.stop();
  });
});
