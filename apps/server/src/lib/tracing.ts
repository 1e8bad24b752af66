/**
 * Traces (OpenTelemetry), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Then every HTTP request,
 * PostgreSQL query, Redis command, socket event (received, and each push out) and job run is a span,
 * sent over OTLP/HTTP to that collector. A request's spans share its trace and carry its request id
 * (`campusrun.request_id`, the `reqId` of its log lines), and so do the queries and socket pushes it
 * causes.
 *
 * Only `@opentelemetry/api` is loaded when tracing is off: its tracer is a no-op, and the hooks that
 * would call it are not even installed (`tracingOn()`).
 */
import {
  context,
  createContextKey,
  type Attributes,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

export const REQUEST_ID_ATTRIBUTE = 'campusrun.request_id';
const REQUEST_ID = createContextKey(REQUEST_ID_ATTRIBUTE);

let on = false;
/** Whether spans are being recorded and sent (startTracing ran). */
export const tracingOn = () => on;

const tracer = () => trace.getTracer('campusrun');

/** The request id of the work under way, when an HTTP request started it. */
const activeRequestId = () => context.active().getValue(REQUEST_ID) as string | undefined;

/** A span, child of the active one, carrying the active request's id. */
export function startSpan(name: string, attributes: Attributes, kind = SpanKind.INTERNAL): Span {
  const requestId = activeRequestId();
  return tracer().startSpan(name, {
    kind,
    attributes: requestId ? { ...attributes, [REQUEST_ID_ATTRIBUTE]: requestId } : attributes,
  });
}

/** Ends `span`, marked failed with `err` when there is one. */
export function endSpan(span: Span, err?: unknown) {
  if (err !== undefined) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : undefined });
  }
  span.end();
}

/**
 * Runs `work` in a new span made active (what it starts becomes its children); when tracing is off,
 * just runs it. `requestId` starts a request's trace: the span and everything under it carry it.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => T,
  opts: { kind?: SpanKind; requestId?: string } = {},
): T {
  if (!on) return work(undefined);
  let ctx = context.active();
  if (opts.requestId) ctx = ctx.setValue(REQUEST_ID, opts.requestId);
  const span = context.with(ctx, () => startSpan(name, attributes, opts.kind));
  return context.with(trace.setSpan(ctx, span), () => {
    let result: T;
    try {
      result = work(span);
    } catch (err) {
      endSpan(span, err);
      throw err;
    }
    if (result instanceof Promise)
      return result.then(
        (value: unknown) => {
          endSpan(span);
          return value;
        },
        (err: unknown) => {
          endSpan(span, err);
          throw err;
        },
      ) as T;
    endSpan(span);
    return result;
  });
}

/** Runs `then` with `span` active and the request id set (an HTTP request's remaining steps). */
export function withSpan(span: Span, requestId: string, then: () => void) {
  context.with(trace.setSpan(context.active().setValue(REQUEST_ID, requestId), span), then);
}

export { SpanKind };

export interface Tracing {
  /** Sends the spans still waiting (tests, and before exit). */
  flush(): Promise<void>;
  /** Sends what is left and stops recording. */
  shutdown(): Promise<void>;
}

/**
 * Starts recording for this process, sending to `endpoint` (OTLP/HTTP, its `/v1/traces`). The SDK is
 * loaded only here. Headers for the collector (OTEL_EXPORTER_OTLP_HEADERS) are read by the exporter.
 */
export async function startTracing(opts: { endpoint: string; serviceName: string }): Promise<Tracing> {
  const [{ TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, hooks] =
    await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/context-async-hooks'),
    ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': opts.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      }),
    ],
  });
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  on = true;
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      on = false;
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}

/** Comments, whitespace and opening brackets before a statement's first keyword. */
const LEADING = /^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/|\()*/;
/** Where each kind of statement names its table. */
const TABLE_AFTER: Record<string, RegExp> = {
  SELECT: /\bfrom\s+/i,
  WITH: /\bfrom\s+/i,
  DELETE: /\bfrom\s+/i,
  INSERT: /\binto\s+/i,
  UPDATE: /^update\s+(?:only\s+)?/i,
};
const TABLE_NAME = /^"?([a-z_][a-z0-9_]*)"?(?:\."?([a-z_][a-z0-9_]*)"?)?/i;

/** The first keyword of a statement and, for reads and writes, the table it names: `SELECT requests`. */
export function statementSummary(text: string): { operation: string; table?: string } {
  const body = text.replace(LEADING, '');
  const operation = (/^[a-z]+/i.exec(body)?.[0] ?? 'QUERY').toUpperCase();
  const after = TABLE_AFTER[operation]?.exec(body);
  const name = after ? TABLE_NAME.exec(body.slice(after.index + after[0].length)) : null;
  return { operation, table: name ? (name[2] ?? name[1]) : undefined };
}

/** What a PostgreSQL query is called in traces: its prepared statement's name, else its summary. */
export function querySpan(text: string, name?: string) {
  const { operation, table } = statementSummary(text);
  const summary = name ?? (table ? `${operation} ${table}` : operation);
  return startSpan(
    summary,
    {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      ...(table ? { 'db.collection.name': table } : {}),
      'db.query.summary': summary,
      // The text with its $1 placeholders: the values are never recorded.
      'db.query.text': text.length > 2000 ? `${text.slice(0, 2000)}…` : text,
    },
    SpanKind.CLIENT,
  );
}

/** Ends `span` when `promise` settles; answers the promise. */
export function endWith<T>(span: Span, promise: Promise<T>): Promise<T> {
  return promise.then(
    (value) => {
      endSpan(span);
      return value;
    },
    (err: unknown) => {
      endSpan(span, err);
      throw err;
    },
  );
}
