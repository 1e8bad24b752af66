import type { FastifyBaseLogger } from 'fastify';

/** Work that runs after an answer has gone, one task at a time on this process. */
export interface SerialTasks {
  /** Runs `task` after those before it; a failure is logged with `failed` and the next goes on. */
  later(task: () => Promise<void>): void;
  /** Resolves when every task handed in so far has run (the app's close, and tests). */
  drain(): Promise<void>;
}

export function serialTasks(log: Pick<FastifyBaseLogger, 'error'>, failed: string): SerialTasks {
  let tail = Promise.resolve();
  return {
    later(task) {
      tail = tail.then(task).catch((err: unknown) => log.error({ err }, failed));
    },
    drain: () => tail,
  };
}
