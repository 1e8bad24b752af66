/**
 * The OpenAPI document against the running server. The document is first checked against the
 * OpenAPI schema (@seriousme/openapi-schema-validator); then every operation gets requests generated
 * from its own parameter and body schemas (json-schema-faker), sent over HTTP anonymously and as a
 * hosteller, a day scholar and a moderator, and every answer is held to the document: its status is
 * documented, its content type is one the document names for that status (none for an empty body),
 * its body matches the documented schema (openapi-response-validator), the operation's security says
 * whether an anonymous caller is turned away, and a request the document calls valid is never
 * refused as invalid input. Neither the generation nor the checking of bodies is the server's code.
 * CONTRACT_SEED repeats a run; CONTRACT_EXAMPLES sets the requests per operation and caller.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { createGeneratorSync, type JsonSchema } from 'json-schema-faker';
import OpenAPIRequestValidator from 'openapi-request-validator';
import OpenAPIResponseValidator from 'openapi-response-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createProduct, createRequest, createUser, tokenFor } from '../test/factories';
import { freePort } from '../test/free-port';
import { pngImage } from '../test/images';

const SEED = Number(process.env.CONTRACT_SEED ?? 20_240_601);
const EXAMPLES = Number(process.env.CONTRACT_EXAMPLES ?? 3);

// ---- the document, as far as this test reads it ----------------------------------------------------

type Schema = Record<string, unknown>;
interface Media {
  schema?: Schema;
}
interface ResponseObject {
  description: string;
  content?: Record<string, Media>;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, ResponseObject>;
  security?: Array<Record<string, string[]>>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  security?: Array<Record<string, string[]>>;
  components?: Record<string, unknown>;
}
interface Operation {
  method: string;
  path: string;
  op: OperationObject;
  /** Whether the document says a caller must send a bearer token. */
  needsBearer: boolean;
  validator: OpenAPIResponseValidator;
  /** Whether a generated request is valid by the document (the generator can miss a rule). */
  requests: OpenAPIRequestValidator;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(doc: Document): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security = op.security ?? doc.security ?? [];
      // Security is a list of alternatives: a token is needed unless one alternative asks for nothing.
      const needsBearer =
        security.length > 0 &&
        security.every((alt) => 'bearer' in alt) &&
        !security.some((alt) => Object.keys(alt).length === 0);
      ops.push({
        method: method.toUpperCase(),
        path,
        op,
        needsBearer,
        validator: new OpenAPIResponseValidator({
          responses: op.responses as never,
          components: doc.components as never,
        }),
        requests: new OpenAPIRequestValidator({
          parameters: (op.parameters ?? []) as never,
          requestBody: op.requestBody as never,
        }),
      });
    }
  return ops;
}

/** The documented answer for a status: exact, then its range (`4XX`), then `default`. */
function documented(op: OperationObject, status: number): ResponseObject | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}

// ---- requests from the document --------------------------------------------------------------------

type Who = 'anonymous' | 'hosteller' | 'dayscholar' | 'moderator';
const WHO: Who[] = ['anonymous', 'hosteller', 'dayscholar', 'moderator'];

/** Rows the requests may name, so that some answers are the 2xx of a real row, not only 404s. */
const known: Record<'user' | 'request' | 'product', string[]> = { user: [], request: [], product: [] };
const kindOfPath = (path: string, name: string) =>
  /user/i.test(name) || /^\/api\/users\/\{id\}/.test(path)
    ? known.user
    : /^\/api\/requests\//.test(path)
      ? known.request
      : /^\/api\/products\//.test(path)
        ? known.product
        : [];

interface Draft {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
  /** The request is valid by the document (so a refusal as invalid input is the document's lie). */
  valid: boolean;
  summary: string;
}

function draftRequest(
  base: string,
  operation: Operation,
  gen: ReturnType<typeof createGeneratorSync>,
  pick: (n: number) => number,
  png: Buffer,
): Draft {
  const { op, path, method } = operation;
  let url = path;
  const query = new URLSearchParams();
  // The values as generated (typed), for the document's own check of the request.
  const values: { params: Record<string, unknown>; query: Record<string, unknown>; body?: unknown } = {
    params: {},
    query: {},
  };
  for (const p of op.parameters ?? []) {
    if (p.in === 'path') {
      const rows = kindOfPath(path, p.name);
      const value =
        rows.length && pick(2) === 0
          ? rows[pick(rows.length)]!
          : String(gen.generate(p.schema as JsonSchema));
      values.params[p.name] = value;
      url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    } else if (p.in === 'query' && (p.required || pick(2) === 0)) {
      const value = gen.generate(p.schema as JsonSchema);
      values.query[p.name] = value;
      query.set(p.name, String(value));
    }
  }
  const headers: Record<string, string> = {};
  let body: string | FormData | undefined;
  const content = op.requestBody?.content ?? {};
  if (content['application/json']) {
    headers['content-type'] = 'application/json';
    values.body = gen.generate((content['application/json'].schema ?? {}) as JsonSchema) ?? null;
    body = JSON.stringify(values.body);
  } else if (content['multipart/form-data']) {
    const schema = content['multipart/form-data'].schema as { properties?: Record<string, Schema> };
    const fields = gen.generate({ ...schema, nullable: undefined } as JsonSchema) as Record<string, unknown>;
    const form = new FormData();
    const sent: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      const list = (field.items as Schema | undefined)?.format === 'binary';
      if (list || field.format === 'binary') {
        form.append(name, new Blob([png], { type: 'image/png' }), 'photo.png');
        sent[name] = list ? ['photo.png'] : 'photo.png';
      } else if (fields?.[name] !== undefined) {
        form.append(name, String(fields[name]));
        sent[name] = String(fields[name]);
      }
    }
    values.body = sent;
    body = form;
  }
  const verdict = operation.requests.validateRequest({
    headers: { 'content-type': body instanceof FormData ? 'multipart/form-data' : headers['content-type'] },
    ...values,
  }) as { errors?: unknown[] } | undefined;
  const search = query.size ? `?${query}` : '';
  return {
    url: `${base}${url}${search}`,
    init: { method, headers, body, redirect: 'manual' },
    valid: !verdict?.errors?.length,
    summary: `${method} ${url}${search}${typeof body === 'string' ? ` ${body.slice(0, 300)}` : ''}`,
  };
}

// ---- checking one answer ---------------------------------------------------------------------------

/**
 * The input rules no schema of the document can state, by operation and field: they depend on
 * another field, on the clock, on the caller's account or on what the server issued. Any other
 * refusal of a request the document calls valid is a rule the document leaves out.
 */
const BEYOND_SCHEMAS: Array<[operation: RegExp, fields: RegExp, why: string]> = [
  [/^GET /, /^cursor$/, 'a page cursor is one the server issued'],
  [
    /^(POST \/api\/auth\/register|PUT \/api\/users\/(profile|complete-google-profile))$/,
    /^(hostelBlock|roomNumber)$/,
    'required of hostellers only (by the role)',
  ],
  [
    /^POST \/api\/ratings$/,
    /^(requestId|userId|productId|ratingType)$/,
    'a request and the user rated, or a product, and a type that fits it',
  ],
  [
    /^(POST \/api\/requests|PUT \/api\/requests\/\{id\}\/repost|POST \/api\/runs|POST \/api\/trips)$/,
    /^(deadline|cutoffAt|arriveAt)$/,
    'times after now, within a limit, in order',
  ],
  [
    /^PUT \/api\/requests\/\{id\}\/(deliver|picked-up)$/,
    /^actualItemCost$/,
    'a receipt amount only of a request with an item cost',
  ],
  [
    /^(POST|PATCH) \/api\/lost-found(\/\{id\})?$/,
    /^(when|question|answer)$/,
    'a time not in the future, within a year; a question and answer on a found post only',
  ],
  [/^GET \/api\/chat\/conversation\/\{userId\}$/, /^receiverId$/, 'another member than the caller'],
  [/^DELETE \/api\/users\/me$/, /^password$/, "the account's own password"],
  [/^PUT \/api\/users\/change-password$/, /^currentPassword$/, "the account's own password"],
];
const beyondSchemas = (operation: Operation, field: string) =>
  BEYOND_SCHEMAS.some(
    ([op, fields]) => op.test(`${operation.method} ${operation.path}`) && fields.test(field),
  );

/** What about this answer the document does not say (empty when it says it all). */
function disagreements(
  operation: Operation,
  who: Who,
  draft: Draft,
  status: number,
  contentType: string | null,
  text: string,
): string[] {
  const found: string[] = [];
  const documentedAnswer = documented(operation.op, status);
  if (status >= 500) found.push(`answered ${status}`);
  if (who === 'anonymous' && operation.needsBearer && status < 400)
    found.push(`needs a bearer token by the document, yet answered ${status} without one`);
  if (who === 'anonymous' && !operation.needsBearer && status === 401)
    found.push('needs no token by the document, yet answered 401 without one');
  if (!documentedAnswer) return [...found, `status ${status} is not documented`];
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  const documentedTypes = Object.keys(documentedAnswer.content ?? {});
  if (!documentedTypes.length) {
    if (text.length || media)
      found.push(`status ${status}: documented without a body, answered ${media} "${text.slice(0, 80)}"`);
    return found;
  }
  if (!media || !documentedTypes.includes(media))
    return [
      ...found,
      `status ${status}: answered ${media ?? 'no content type'}, documented ${documentedTypes.join(', ')}`,
    ];
  if (media !== 'application/json') return found;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...found, `status ${status}: not JSON`];
  }
  const wrong = operation.validator.validateResponse(status, body);
  if (wrong)
    found.push(
      `status ${status}: body not as documented: ${wrong.errors.map((e: { path: string; message: string }) => `${e.path} ${e.message}`).join('; ')}`,
    );
  const refused = (body as { code?: string; errors?: Array<{ param: string }> }).errors;
  if (draft.valid && status === 400 && refused) {
    const unstated = refused.filter((e) => !beyondSchemas(operation, e.param));
    if (unstated.length)
      found.push(`a request valid by the document was refused as invalid: ${JSON.stringify(unstated)}`);
  }
  return found;
}

// ---- the run ---------------------------------------------------------------------------------------

let t: TestApp;
let base: string;
let png: Buffer;
const people = {} as Record<Exclude<Who, 'anonymous'>, { id: string }>;

/** A new session for the caller (the run may have signed it out, or changed what its token holds). */
async function authorization(who: Who): Promise<Record<string, string>> {
  if (who === 'anonymous') return {};
  const [row] = await t.db.select().from(users).where(eq(users.id, people[who].id));
  return { authorization: `Bearer ${await tokenFor(t, row!)}` };
}

beforeAll(async () => {
  // Push endpoints' host names resolve to a public address without the network (this machine may
  // have no DNS): a subscription valid by the document is then taken.
  t = await buildTestApp(
    { logLevel: 'warn' },
    { push: { resolve: async () => [{ address: '93.184.215.14', family: 4 }] } },
  );
  await t.app.listen({ port: await freePort(), host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  png = await pngImage(40, 30);
  people.hosteller = await createUser(t.db, { role: 'hosteller' });
  people.dayscholar = await createUser(t.db, { role: 'dayscholar' });
  people.moderator = await createUser(t.db, { role: 'dayscholar', name: 'Mo Moderator' });
  await t.db.update(users).set({ isModerator: true }).where(eq(users.id, people.moderator.id));
  known.user.push(people.hosteller.id, people.dayscholar.id, people.moderator.id);
  known.request.push(
    (await createRequest(t.db, { requester: people.hosteller })).id,
    (
      await createRequest(t.db, {
        requester: people.hosteller,
        deliverer: people.dayscholar,
        status: 'accepted',
      })
    ).id,
  );
  known.product.push((await createProduct(t.db, { seller: people.hosteller })).id);
}, 60_000);
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  let doc: Document;
  beforeAll(async () => {
    doc = (await (await fetch(`${base}/api/docs/json`)).json()) as Document;
  });

  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('says what every answer is: status, content type, body and security', { timeout: 150_000 }, async () => {
    console.log(
      `contract seed ${SEED} (CONTRACT_SEED=${SEED} repeats this run), ${EXAMPLES} per operation and caller`,
    );
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(100);
    const gen = createGeneratorSync({ seed: SEED, optionalsProbability: 0.5 });
    let state = SEED >>> 0;
    const pick = (n: number) => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return (state >>> 8) % n;
    };
    const problems = new Map<string, string>();
    for (const who of WHO)
      for (const operation of ops) {
        const headers = await authorization(who);
        for (let i = 0; i < EXAMPLES; i++) {
          const draft = draftRequest(base, operation, gen, pick, png);
          const res = await fetch(draft.url, {
            ...draft.init,
            headers: { ...draft.init.headers, ...headers },
          });
          const text = await res.text();
          for (const problem of disagreements(
            operation,
            who,
            draft,
            res.status,
            res.headers.get('content-type'),
            text,
          )) {
            const key = `${operation.method} ${operation.path} (${who}): ${problem}`;
            if (!problems.has(key)) problems.set(key, draft.summary);
          }
        }
      }
    const report = [...problems].map(([problem, request]) => `${problem}\n    e.g. ${request}`);
    expect(report).toEqual([]);
  });
});
