import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';
import { HEALTH_DB_CHECK_MS } from './system.routes';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  const metrics = (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', ...opts });

  it('serves Prometheus text to loopback: requests by route pattern and status, sockets, pool, lag, caches', async () => {
    const user = await createUser(t.db, { role: 'hosteller' });
    const headers = await authAs(t, user);
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/products/6f1d1e34-4c52-4fd8-9f6a-2b5d0d3d5c11', headers });
    await t.app.inject({ url: '/api/products/6f1d1e34-4c52-4fd8-9f6a-2b5d0d3d5c12', headers });
    const res = await metrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    // Both product views count under the route pattern, never the raw address.
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="404"\} 2/,
    );
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(body).not.toContain('6f1d1e34');
    expect(body).toMatch(/^socketio_connected_sockets 0$/m);
    expect(body).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
    // The test database's pool opens at most 5 connections.
    expect(body).toMatch(/^db_pool_max_connections 5$/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // The runtime says its version: the Node the lockfile installs (npm scripts run on it, whatever
    // Node started npm).
    expect(body).toMatch(
      /^nodejs_version_info\{version="v24\.\d+\.\d+",major="24",minor="\d+",patch="\d+"\} 1$/m,
    );
    // The second call of the same user found them in the session cache.
    expect(body).toMatch(/^cache_lookups_total\{cache="session",result="hit"\} [1-9]/m);
    expect(body).toMatch(/^cache_lookups_total\{cache="session",result="miss"\} [1-9]/m);
    expect(body).toMatch(/^cache_hit_ratio\{cache="session"\} 0\.\d+$/m);
  });

  it('is hidden from other addresses, and from loopback when an untrusted proxy relayed the call', async () => {
    expect((await metrics({ remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    const relayed = await metrics({ headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(relayed.statusCode).toBe(404);
    expect(relayed.body).not.toContain('http_request');
  });

  it('opens to the bearer of METRICS_TOKEN from anywhere; a wrong token is 401', async () => {
    const ok = await metrics({ remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
    const wrong = await metrics({ remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request');
  });
});

describe('GET /api/metrics behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => t.close());

  it('judges the client the proxy names, not the proxy on loopback', async () => {
    const viaProxy = (client: string) =>
      t.app.inject({ url: '/api/metrics', headers: { 'x-forwarded-for': client } });
    expect((await viaProxy('203.0.113.7')).statusCode).toBe(404);
    expect((await viaProxy('127.0.0.1')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/metrics' })).statusCode).toBe(200);
  });
});

describe('GET /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('checks the database (local disk needs no check); /api/health stays liveness', async () => {
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
  });

  it('is in /api/metrics too: each check run at the scrape, 1 when it answers and 0 when it fails', async () => {
    const scrape = async () => (await t.app.inject('/api/metrics')).body;
    expect(await scrape()).toMatch(/^readiness_check_up\{check="database"\} 1$/m);
    const execute = vi.spyOn(t.db, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      expect(await scrape()).toMatch(/^readiness_check_up\{check="database"\} 0$/m);
      expect((await t.app.inject('/api/health/ready')).statusCode).toBe(503);
    } finally {
      execute.mockRestore();
    }
    expect(await scrape()).toMatch(/^readiness_check_up\{check="database"\} 1$/m);
  });
});

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { global: 10_000, auth: 20, authPerAccount: 10, health: 10_000 } });
  });
  afterAll(() => t.close());

  it('asks the database once for a burst of probes, and again once its answer is a second old', async () => {
    const execute = vi.spyOn(t.db, 'execute');
    try {
      vi.useFakeTimers({ toFake: ['performance'] });
      const burst = await Promise.all(Array.from({ length: 20 }, () => t.app.inject('/api/health')));
      expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
      const afterBurst = execute.mock.calls.length;
      expect(afterBurst).toBeLessThanOrEqual(1);
      vi.advanceTimersByTime(HEALTH_DB_CHECK_MS + 1);
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
      expect(execute.mock.calls.length).toBe(afterBurst + 1);
    } finally {
      vi.useRealTimers();
      execute.mockRestore();
    }
  });

  it('fails once the database stops answering', async () => {
    const execute = vi.spyOn(t.db, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      await new Promise((resolve) => setTimeout(resolve, HEALTH_DB_CHECK_MS + 50));
      expect((await t.app.inject('/api/health')).statusCode).toBe(500);
    } finally {
      execute.mockRestore();
    }
  });
});

describe('bucket settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/campusrun-config-test' };
  const error = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a configuration error');
  };

  it('reads every S3 setting, with us-east-1 and virtual-host style by default', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'photos' }).s3).toEqual({
      bucket: 'photos',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
      prefix: '',
    });
    const full = loadConfig({
      ...base,
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.edu/',
      S3_PREFIX: 'north/campus/',
    });
    expect(full.s3).toEqual({
      bucket: 'photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.edu',
      prefix: 'north/campus',
    });
    expect(loadConfig(base).s3).toBeUndefined();
  });

  it('refuses a half-configured bucket with a message naming what is missing', () => {
    expect(error({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k' })).toContain(
      'S3_ENDPOINT: is set but S3_BUCKET is not',
    );
    expect(error({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' })).toContain(
      'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID',
    );
    expect(error({ S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: 's' })).toContain(
      'S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY',
    );
    expect(error({ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE');
    expect(error({ S3_BUCKET: 'photos', S3_ENDPOINT: 'not a url' })).toContain('S3_ENDPOINT');
  });

  it('wants one JWT_SECRET for processes that share a bucket or Redis', () => {
    const { JWT_SECRET: _omit, ...noSecret } = base;
    for (const env of [{ S3_BUCKET: 'photos' }, { REDIS_URL: 'redis://127.0.0.1:6379' }])
      expect(() => loadConfig({ ...noSecret, ...env })).toThrow(
        /JWT_SECRET: required when processes share the work/,
      );
  });
});
