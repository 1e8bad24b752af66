import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `sweep` every `everyMs` (never when 0) until stopped, one at a time: a tick while the last
 * sweep still runs is skipped. A failed sweep is logged with `failed` and the next tick tries again.
 * `stop` waits for a sweep under way.
 */
export function startSweep(
  sweep: () => Promise<unknown>,
  everyMs: number,
  log: Pick<FastifyBaseLogger, 'error'>,
  failed: string,
) {
  let running: Promise<unknown> | null = null;
  const timer =
    everyMs > 0
      ? setInterval(() => {
          running ??= sweep()
            .catch((err: unknown) => log.error({ err }, failed))
            .finally(() => {
              running = null;
            });
        }, everyMs)
      : undefined;
  timer?.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
