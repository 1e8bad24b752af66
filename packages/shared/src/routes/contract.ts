import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An answer that is not a JSON body of a zod schema: a 204 or a redirect (`content: {}`), or a
 * text, HTML or file answer with its own media type.
 */
interface DescribedAnswer {
  readonly description: string;
  readonly content: Readonly<Record<string, { readonly schema: z.ZodType }>>;
}

/**
 * One route of the API, as both sides see it: the server registers it from this (and so the
 * OpenAPI document describes it), the web's client is generated from it. Guards, hooks and the
 * handler stay on the server; the refusals' reasons are those of the route's tags (FEATURE_REASONS).
 */
export interface RouteContract {
  readonly method: HttpMethod;
  /** Under /api, in Fastify's form (`/requests/:id/accept`). */
  readonly path: `/${string}`;
  readonly tags: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body, or (with `consumes`) how a multipart form's fields are documented. */
  readonly body?: z.ZodType;
  /** The route reads a multipart form (files) instead of JSON. */
  readonly consumes?: readonly ['multipart/form-data'];
  /** Credentials other than the bearer token (the Google sign-in cookies). */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  /** The answer is a file the browser saves, not data for a screen. */
  readonly file?: true;
  /**
   * Sent by the browser itself, not by the web's client: a step of a browser flow (redirects), or a
   * beacon (`navigator.sendBeacon`).
   */
  readonly browserOnly?: true;
  readonly response: Readonly<Record<number, z.ZodType | DescribedAnswer>>;
}

/** Declares a route: checked against the contract's shape, its literal types kept. */
export const route = <const R extends RouteContract>(contract: R): R => contract;

/** The `:name` parameter of a path: a row's id, checked by the server before anything else. */
export const idParams = z.object({ id: z.string() });
export const userIdParams = z.object({ userId: z.string() });

type Field<R, K extends string> = R extends Readonly<Record<K, infer S extends z.ZodType>> ? S : undefined;

type SuccessStatus = 200 | 201 | 202 | 204;

type AnswerOf<A> = A extends z.ZodType ? z.output<A> : A extends DescribedAnswer ? unknown : never;

/** What a successful call answers: the JSON body of its 2xx status (void for a 204). */
export type RouteAnswer<R extends RouteContract> = {
  [S in keyof R['response'] & SuccessStatus]: S extends 204 ? void : AnswerOf<R['response'][S]>;
}[keyof R['response'] & SuccessStatus];

/**
 * What a call sends: path parameters, query and body, each as the route's schema accepts it; a
 * multipart route's body is the client's `Form` (the browser's FormData).
 */
export type RouteInput<R extends RouteContract, Form = never> = (Field<R, 'params'> extends z.ZodType
  ? { params: z.input<Field<R, 'params'>> }
  : unknown) &
  (Field<R, 'query'> extends z.ZodType ? { query?: Partial<z.input<Field<R, 'query'>>> } : unknown) &
  (R extends { consumes: readonly ['multipart/form-data'] }
    ? { body: Form }
    : Field<R, 'body'> extends z.ZodType
      ? { body: z.input<Field<R, 'body'>> }
      : unknown);

