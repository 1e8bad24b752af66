import pg from 'pg';
import { endSpan, endWith, querySpan, tracingOn } from '../lib/tracing';

/** A query's first argument: its text, or a config with the text and perhaps a statement name. */
type QueryArgument = string | { text?: string; name?: string; submit?: unknown } | undefined;

/**
 * The pool's connections: each query is a span while tracing is on (see lib/tracing.ts). Streams
 * (COPY, cursors) pass through untouched.
 */
export class TracedClient extends pg.Client {
  // pg's query has a dozen overloads; this one forwards every form.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const run = () => (super.query as (...a: unknown[]) => unknown).apply(this, args);
    if (!tracingOn()) return run();
    const first = args[0] as QueryArgument;
    const streamed = typeof first === 'object' && typeof first.submit === 'function';
    const text = typeof first === 'string' ? first : first?.text;
    if (streamed || text === undefined) return run();
    const span = querySpan(text, typeof first === 'object' ? first.name : undefined);
    const callback: unknown = args.at(-1);
    // The pool's own query() hands its callback down: the span ends when it is called.
    if (typeof callback === 'function') {
      args[args.length - 1] = (err: unknown, result: unknown) => {
        endSpan(span, err ?? undefined);
        (callback as (e: unknown, r: unknown) => void)(err, result);
      };
      return run();
    }
    return endWith(span, run() as Promise<unknown>);
  }
}
