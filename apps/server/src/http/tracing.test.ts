/**
 * Traces, sent to a local OTLP/HTTP receiver of this test's own: an HTTP request's span (named by
 * its route), its queries (named by statement), its Redis commands and the socket push it causes
 * share its trace and its request id, which its log line carries too; a chat message sent over the
 * socket is a trace of its own. Runs where a redis-server binary is installed.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../lib/tracing';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, createUser, tokenFor } from '../test/factories';
import { freePort } from '../test/free-port';
import { REDIS_SERVER, startRedis } from '../test/redis-server';

/** One span as OTLP/JSON carries it, its attributes flattened. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}
interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: (Omit<ReceivedSpan, 'attributes'> & { attributes?: OtlpAttribute[] })[] }[];
  }[];
}
const flat = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((a) => [a.key, Object.values(a.value)[0]]));

/** A collector that keeps every span posted to /v1/traces, and the services that sent them. */
async function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const services = new Set<unknown>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        for (const rs of (JSON.parse(body) as OtlpBody).resourceSpans) {
          services.add(flat(rs.resource.attributes)['service.name']);
          for (const ss of rs.scopeSpans)
            for (const span of ss.spans) spans.push({ ...span, attributes: flat(span.attributes) });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    services,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!existsSync(REDIS_SERVER))('traces', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tracing: Tracing;
  let redis: ChildProcess | undefined;
  let t: TestApp;
  let url: string;
  let logLines = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    tracing = await startTracing({ endpoint: receiver.url, serviceName: 'campusrun-north' });
    const port = await freePort();
    redis = await startRedis(port);
    const log = new PassThrough();
    log.on('data', (chunk: Buffer) => (logLines += chunk.toString()));
    t = await buildTestApp(
      { redisUrl: `redis://127.0.0.1:${port}`, logLevel: 'info', requestSweepSeconds: 0 },
      { logStream: log },
    );
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
    await tracing?.shutdown();
    redis?.kill('SIGKILL');
    await receiver?.close();
  });

  /** The spans received once everything recorded so far has been sent. */
  async function received() {
    await tracing.flush();
    return receiver.spans;
  }
  /** `span` and every span under it, however deep. */
  function treeOf(all: ReceivedSpan[], root: ReceivedSpan) {
    const found = [root];
    for (let i = 0; i < found.length; i++)
      found.push(...all.filter((s) => s.parentSpanId === found[i]!.spanId));
    return found;
  }

  async function online(user: { id: string; tokenVersion: number }) {
    const s = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await tokenFor(t, user) },
    });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return s;
  }

  it('an HTTP request is one trace: its route, its queries by statement, its Redis commands and the socket push it causes carry its request id, as its log line does', async () => {
    const hosteller = await createUser(t.db, { role: 'hosteller' });
    const dayScholar = await createUser(t.db, { role: 'dayscholar' });
    const watcher = await online(dayScholar);
    const pushed = new Promise((resolve) => watcher.once('request:available', resolve));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: bearer(await tokenFor(t, hosteller)),
      payload: {
        itemName: 'Paracetamol',
        description: '500 mg, one strip',
        quantity: 1,
        expectedPrice: 40,
        deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
        deliveryLocation: 'Block B, room 12',
        isUrgent: false,
        category: 'medicines',
      },
    });
    expect(res.statusCode).toBe(201);
    await pushed;

    const all = await received();
    const root = all.find((s) => s.name === 'POST /api/requests');
    expect(root).toBeDefined();
    expect(root!.parentSpanId || undefined).toBeUndefined();
    expect(root!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/requests',
      'http.response.status_code': 201,
    });
    const requestId = root!.attributes['campusrun.request_id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(receiver.services).toContain('campusrun-north');

    const tree = treeOf(all, root!);
    const insert = tree.find((s) => s.name === 'INSERT requests');
    expect(insert?.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'db.operation.name': 'INSERT',
      'db.collection.name': 'requests',
      'campusrun.request_id': requestId,
    });
    // The statement's text with its placeholders, never the values typed.
    expect(String(insert!.attributes['db.query.text'])).not.toContain('Paracetamol');
    expect(tree.find((s) => s.name.startsWith('redis '))?.attributes).toMatchObject({
      'db.system.name': 'redis',
      'campusrun.request_id': requestId,
    });
    expect(tree.find((s) => s.name === 'socket.io emit request:available')?.attributes).toMatchObject({
      'messaging.system': 'socket.io',
      'campusrun.request_id': requestId,
    });
    for (const span of tree) expect(span.traceId).toBe(root!.traceId);

    // The access log line of the same request names the same id.
    const line = logLines
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string })
      .find((l) => l.reqId === requestId);
    expect(line).toBeDefined();
  });

  it('a chat message sent over the socket is a trace of its own, with its queries and its push to the partner', async () => {
    const a = await createUser(t.db, { role: 'hosteller' });
    const b = await createUser(t.db, { role: 'dayscholar' });
    const [sender, partner] = [await online(a), await online(b)];
    const arrived = new Promise((resolve) => partner.once('message:new', resolve));
    const ack = await sender.emitWithAck('message:send', {
      receiverId: b.id,
      message: 'Traced hello',
      clientId: randomUUID(),
    });
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
    await arrived;

    const all = await received();
    const root = all.find((s) => s.name === 'socket message:send');
    expect(root).toBeDefined();
    const tree = treeOf(all, root!);
    expect(tree.some((s) => s.name === 'INSERT messages')).toBe(true);
    expect(tree.some((s) => s.name === 'socket.io emit message:new')).toBe(true);
  });
});
