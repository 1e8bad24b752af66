/**
 * Group commit: `add(item)` answers with what `write` made of it, where `write` stores a whole
 * batch of items at once (one transaction, shared statements) and answers one result per item, in
 * order. A batch starts as soon as none is running (after the current turn of the event loop, so
 * items added together go together) and takes whatever waited, up to `maxBatch`; under load the
 * batches grow by themselves, and when the load is light each item goes alone, at once.
 *
 * Batches run one after another, so the items of a later batch are always stored after those of an
 * earlier one. When a batch fails for a reason one item can cause (`itemCaused`: a value or a row
 * it refers to), each of its items is tried again alone, so the bad one fails by itself and the
 * others are stored; any other failure (the database is away) fails the whole batch at once.
 */
export function groupCommit<I, O>(
  write: (items: I[]) => Promise<O[]>,
  options: {
    maxBatch?: number;
    itemCaused?: (err: unknown) => boolean;
    /** Past this many items waiting, `add` fails at once with `full()` rather than queue more. */
    maxWaiting?: number;
    full?: () => Error;
  } = {},
) {
  const {
    maxBatch = 100,
    itemCaused = () => true,
    maxWaiting = Infinity,
    full = () => new Error('too many items waiting'),
  } = options;
  interface Waiting {
    item: I;
    resolve(out: O): void;
    reject(err: unknown): void;
  }
  let waiting: Waiting[] = [];
  let running = false;

  async function writeAlone(w: Waiting) {
    try {
      w.resolve((await write([w.item]))[0]!);
    } catch (err) {
      w.reject(err);
    }
  }

  async function drain() {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      if (batch.length === 1) {
        await writeAlone(batch[0]!);
        continue;
      }
      let out: O[] | undefined;
      try {
        out = await write(batch.map((w) => w.item));
      } catch (err) {
        if (itemCaused(err)) for (const w of batch) await writeAlone(w);
        else for (const w of batch) w.reject(err);
      }
      if (out) batch.forEach((w, i) => w.resolve(out[i]!));
    }
    running = false;
  }

  return {
    add(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        if (waiting.length >= maxWaiting) return reject(full());
        waiting.push({ item, resolve, reject });
        if (running) return;
        running = true;
        setImmediate(() => void drain());
      });
    },
    /** Items waiting for a batch (not counting the one being written). */
    get waiting() {
      return waiting.length;
    },
  };
}
