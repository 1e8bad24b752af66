import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A writer that records each batch it was handed and doubles each number, failing on `bad`. */
function recorder(bad?: number, failure: Error = new Error('bad item')) {
  const batches: number[][] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise((r) => setTimeout(r, 5));
    if (bad !== undefined && items.includes(bad)) throw failure;
    return items.map((n) => n * 2);
  };
  return { batches, write };
}

describe('groupCommit', () => {
  it('writes items added together as one batch and answers each with its own result', async () => {
    const { batches, write } = recorder();
    const writer = groupCommit(write);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => writer.add(n)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('collects what arrives while a batch is written into the next one, in order, up to maxBatch', async () => {
    const { batches, write } = recorder();
    const writer = groupCommit(write, { maxBatch: 3 });
    const first = writer.add(1);
    await new Promise((r) => setTimeout(r, 1)); // the first batch is being written
    const later = [2, 3, 4, 5, 6, 7].map((n) => writer.add(n));
    expect(writer.waiting).toBe(6);
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
  });

  it('writes the items of a batch that one item broke again alone: only that one fails', async () => {
    const { batches, write } = recorder(3);
    const writer = groupCommit(write);
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => writer.add(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([2, 4, 'failed', 8]);
    expect(batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('fails the whole batch at once, without trying each item again, when no item caused it', async () => {
    const away = new Error('database away');
    const { batches, write } = recorder(3, away);
    const writer = groupCommit(write, { itemCaused: (err) => err !== away });
    const results = await Promise.allSettled([1, 2, 3].map((n) => writer.add(n)));
    expect(results.every((r) => r.status === 'rejected' && r.reason === away)).toBe(true);
    expect(batches).toEqual([[1, 2, 3]]);
    // The writer keeps working afterwards.
    expect(await writer.add(5)).toBe(10);
  });

  it('refuses at once past maxWaiting, and takes items again once the queue has room', async () => {
    const { write } = recorder();
    const full = new Error('full');
    const writer = groupCommit(write, { maxWaiting: 2, full: () => full });
    const taken = [writer.add(1), writer.add(2)];
    await expect(writer.add(3)).rejects.toBe(full);
    expect(await Promise.all(taken)).toEqual([2, 4]);
    expect(await writer.add(3)).toBe(6);
  });
});
