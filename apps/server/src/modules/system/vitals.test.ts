import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { authAs, createUser } from '../../test/factories';
import { MAX_SCREENS, OTHER_SCREEN } from './vitals.service';

describe('VITALS_SAMPLE_RATE', () => {
  const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/campusrun-config-test' };

  it('is a share from 0 to 1, 0.1 when unset or empty, and reaches the pages’ campus settings', async () => {
    expect(loadConfig(env).vitalsSampleRate).toBe(0.1);
    expect(loadConfig({ ...env, VITALS_SAMPLE_RATE: '' }).vitalsSampleRate).toBe(0.1);
    expect(loadConfig({ ...env, VITALS_SAMPLE_RATE: '0' }).vitalsSampleRate).toBe(0);
    expect(loadConfig({ ...env, VITALS_SAMPLE_RATE: '1' }).vitalsSampleRate).toBe(1);
    for (const bad of ['1.5', '-0.1', 'often'])
      expect(() => loadConfig({ ...env, VITALS_SAMPLE_RATE: bad })).toThrow(ConfigError);
    const t = await buildTestApp({ vitalsSampleRate: 0.25 });
    try {
      expect((await t.app.inject('/api/config')).json()).toMatchObject({ vitalsSampleRate: 0.25 });
    } finally {
      await t.close();
    }
  });
});

describe('POST /api/vitals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const send = (
    body: unknown,
    opts: { contentType?: string; remoteAddress?: string; headers?: object } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/vitals',
      headers: { 'content-type': opts.contentType ?? 'application/json', ...opts.headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress: opts.remoteAddress,
    });
  const metricsText = async () => (await t.app.inject({ url: '/api/metrics' })).body;
  /** The observations of `metric` under `screen` so far (0 when it has none). */
  const countOf = (text: string, metric: string, screen: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${metric}_count{screen="${screen}"} `));
    return line ? Number(line.split(' ')[1]) : 0;
  };

  it('counts a report under its screen, the timings in seconds, without sign-in', async () => {
    const res = await send({
      screen: '/requests/:id',
      metrics: [
        { name: 'LCP', value: 1800 },
        { name: 'TTFB', value: 350 },
        { name: 'INP', value: 120 },
        { name: 'CLS', value: 0.04 },
      ],
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const text = await metricsText();
    expect(text).toMatch(/^# TYPE web_vitals_lcp_seconds histogram$/m);
    expect(text).toContain('web_vitals_lcp_seconds_bucket{le="1.5",screen="/requests/:id"} 0');
    expect(text).toContain('web_vitals_lcp_seconds_bucket{le="2",screen="/requests/:id"} 1');
    expect(text).toContain('web_vitals_lcp_seconds_sum{screen="/requests/:id"} 1.8');
    expect(text).toContain('web_vitals_ttfb_seconds_bucket{le="0.4",screen="/requests/:id"} 1');
    expect(text).toContain('web_vitals_inp_seconds_bucket{le="0.15",screen="/requests/:id"} 1');
    expect(text).toContain('web_vitals_inp_seconds_bucket{le="0.1",screen="/requests/:id"} 0');
    expect(text).toContain('web_vitals_cls_bucket{le="0.05",screen="/requests/:id"} 1');
    expect(text).toContain('web_vitals_cls_bucket{le="0.025",screen="/requests/:id"} 0');
    for (const metric of [
      'web_vitals_lcp_seconds',
      'web_vitals_ttfb_seconds',
      'web_vitals_inp_seconds',
      'web_vitals_cls',
    ])
      expect(countOf(text, metric, '/requests/:id')).toBe(1);
  });

  it('reads a beacon’s text/plain body as JSON, and a signed-in caller’s like anyone’s', async () => {
    const body = { screen: '/marketplace', metrics: [{ name: 'LCP', value: 900 }] };
    expect((await send(JSON.stringify(body), { contentType: 'text/plain;charset=UTF-8' })).statusCode).toBe(
      204,
    );
    const headers = await authAs(t, await createUser(t.db, { role: 'hosteller' }));
    expect((await send(body, { headers })).statusCode).toBe(204);
    expect(countOf(await metricsText(), 'web_vitals_lcp_seconds', '/marketplace')).toBe(2);
  });

  it('refuses bad reports with 400 and counts none of them', async () => {
    const before = await metricsText();
    const bad: unknown[] = [
      {
        screen: '/requests/8d0f6c1e-1d4b-4f4e-9d7a-2b6a6f0c9e11?tab=chat',
        metrics: [{ name: 'LCP', value: 1 }],
      },
      { screen: 'requests', metrics: [{ name: 'LCP', value: 1 }] },
      { screen: `/${'a'.repeat(81)}`, metrics: [{ name: 'LCP', value: 1 }] },
      { screen: '/bad', metrics: [] },
      { screen: '/bad', metrics: Array.from({ length: 9 }, () => ({ name: 'LCP', value: 1 })) },
      { screen: '/bad', metrics: [{ name: 'FID', value: 10 }] },
      { screen: '/bad', metrics: [{ name: 'LCP', value: -1 }] },
      { screen: '/bad', metrics: [{ name: 'LCP', value: 120_001 }] },
      { screen: '/bad', metrics: [{ name: 'CLS', value: 11 }] },
      { screen: '/bad', metrics: [{ name: 'TTFB', value: '300' }] },
      { metrics: [{ name: 'LCP', value: 1 }] },
    ];
    for (const body of bad) expect((await send(body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await send('{"screen":', { contentType: 'text/plain' })).statusCode).toBe(400);
    const after = await metricsText();
    expect(after).not.toContain('screen="/bad"');
    expect(countOf(after, 'web_vitals_lcp_seconds', '/requests/:id')).toBe(
      countOf(before, 'web_vitals_lcp_seconds', '/requests/:id'),
    );
  });

  it('refuses a body over 2 KB with 413', async () => {
    const res = await send({
      screen: '/huge',
      metrics: [{ name: 'LCP', value: 1000 }],
      padding: 'x'.repeat(2100),
    });
    expect(res.statusCode).toBe(413);
    expect(await metricsText()).not.toContain('screen="/huge"');
  });

  it('drops what one address sends beyond 600 a minute, still answering 204', async () => {
    const body = { screen: '/budget', metrics: [{ name: 'TTFB', value: 100 }] };
    const statuses = new Set<number>();
    for (let i = 0; i < 605; i++)
      statuses.add((await send(body, { remoteAddress: '198.51.100.9' })).statusCode);
    expect([...statuses]).toEqual([204]);
    // Another address has its own budget.
    expect((await send(body, { remoteAddress: '198.51.100.10' })).statusCode).toBe(204);
    expect(countOf(await metricsText(), 'web_vitals_ttfb_seconds', '/budget')).toBe(601);
  });

  it(`keeps at most ${MAX_SCREENS} screens as labels; the rest count as "${OTHER_SCREEN}"`, async () => {
    for (let i = 0; i < MAX_SCREENS + 6; i++)
      expect((await send({ screen: `/fill/${i}`, metrics: [{ name: 'CLS', value: 0 }] })).statusCode).toBe(
        204,
      );
    const text = await metricsText();
    const screens = new Set(
      [...text.matchAll(/^web_vitals_\w+_count\{screen="([^"]+)"\} /gm)].map((m) => m[1]!),
    );
    expect(screens.has(OTHER_SCREEN)).toBe(true);
    expect(screens.size).toBe(MAX_SCREENS + 1);
    expect(screens.has(`/fill/${MAX_SCREENS + 5}`)).toBe(false);
    expect(countOf(text, 'web_vitals_cls', OTHER_SCREEN)).toBeGreaterThanOrEqual(6);
    // A screen known before the bound was reached still counts under its own name.
    await send({ screen: '/marketplace', metrics: [{ name: 'LCP', value: 700 }] });
    expect(countOf(await metricsText(), 'web_vitals_lcp_seconds', '/marketplace')).toBe(3);
  });
});
