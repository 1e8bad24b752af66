import type { z } from 'zod';
import type { RouteContract } from '@campusrun/shared';
import type { AppContext } from './app-context';
import type { Guards } from './auth';

type Field<R, K extends string> = R extends Readonly<Record<K, infer S>> ? S : undefined;

/** A contract route as Fastify route options; the route file adds its hooks and its handler. */
export interface ServedRoute<R extends RouteContract> {
  method: R['method'];
  url: string;
  schema: {
    tags: string[];
    summary?: string;
    description?: string;
    consumes?: string[];
    security?: Record<string, string[]>[];
    params: Field<R, 'params'>;
    querystring: Field<R, 'query'>;
    body: Field<R, 'body'>;
    response: R['response'];
  };
}

/** A body schema of this server's own rules in place of the contract's (the campus's e-mail domain). */
interface Own<R extends RouteContract> {
  body: z.ZodType<z.output<NonNullable<R['body']>>>;
}

/**
 * The method, URL and schema of a route, from its contract (`packages/shared/src/routes`):
 * `app.route({ ...served(routes.requests.accept), onRequest: id.check, handler })`.
 */
export function served<const R extends RouteContract>(contract: R, own?: Own<R>): ServedRoute<R> {
  const { method, path, tags, summary, description, consumes, security } = contract;
  const schema: Record<string, unknown> = { tags: [...tags] };
  if (summary) schema.summary = summary;
  if (description) schema.description = description;
  if (consumes) schema.consumes = [...consumes];
  if (security) schema.security = security.map((s) => ({ ...s }));
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.body) schema.body = own?.body ?? contract.body;
  schema.response = contract.response;
  return { method, url: path, schema } as unknown as ServedRoute<R>;
}

/**
 * What every feature's route plugin is built from, in one shape: the app's context, the guards of
 * its scopes, and its service (`xxxRoutes({ ctx, guards, service })`).
 */
export interface RouteDeps<S> {
  ctx: AppContext;
  guards: Guards;
  service: S;
}
