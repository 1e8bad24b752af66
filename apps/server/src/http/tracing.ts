import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endSpan, REQUEST_ID_ATTRIBUTE, SpanKind, startSpan, tracingOn, withSpan } from '../lib/tracing';

/**
 * A span for each HTTP request, named by its method and route (`GET /api/requests/:id`), never by its
 * address (reset and unsubscribe links carry tokens): what the request does runs inside it, so its
 * queries, Redis commands and socket pushes are its children and carry its id. Installed only while
 * tracing is on.
 */
export function traceRequests(app: FastifyInstance) {
  if (!tracingOn()) return;
  const spans = new WeakMap<FastifyRequest, Span>();
  const end = (request: FastifyRequest, statusCode: number, aborted = false) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    span.setAttribute('http.response.status_code', statusCode);
    if (aborted) span.setAttribute('campusrun.aborted', true);
    endSpan(span, statusCode >= 500 ? new Error(`answered ${statusCode}`) : undefined);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        'http.request.method': request.method,
        ...(route ? { 'http.route': route } : {}),
        [REQUEST_ID_ATTRIBUTE]: request.id,
      },
      SpanKind.SERVER,
    );
    spans.set(request, span);
    withSpan(span, request.id, done);
  });
  app.addHook('onError', (request, _reply, err, done) => {
    spans.get(request)?.recordException(err);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, 499, true);
    done();
  });
}
