/**
 * The alert rules (deploy/prometheus) and the Grafana dashboard (deploy/grafana) name metrics by
 * hand. Every name they use must be one this server exposes at GET /api/metrics, so renaming a
 * metric fails here instead of leaving an alert that can never fire or a panel that stays empty.
 * The rules' own behaviour is checked by `promtool test rules` (CI).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { freePort } from '../test/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const RULES = path.join(root, 'deploy/prometheus/campusrun.rules.yml');
const RULE_TESTS = path.join(root, 'deploy/prometheus/campusrun.rules.test.yml');
const DASHBOARD = path.join(root, 'deploy/grafana/campusrun.json');

/** Series Prometheus makes itself for each scrape target. */
const FROM_PROMETHEUS = new Set(['up']);

/** PromQL words that look like names: keywords, the operators spelled out, and special numbers. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'atan2',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, ranges,
 * label lists and Grafana variables are taken out, minus functions (a name before `(`) and keywords.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ');
  const names = [...bare.matchAll(/(?<![\w.$])([a-zA-Z_:][\w:]*)(\s*\()?/g)]
    .filter((m) => !m[2])
    .map((m) => m[1]!);
  return [...new Set(names.filter((n) => !KEYWORDS.has(n.toLowerCase())))];
}

/** Each rule's alert name and expression: a one-line value, or a block (`|`, `>`) below it. */
function rulesOf(yaml: string) {
  const lines = yaml.split('\n');
  const rules: { alert: string; expr: string }[] = [];
  let alert = '';
  for (let i = 0; i < lines.length; i++) {
    const named = /^\s*- alert:\s*(\S+)/.exec(lines[i]!);
    if (named) alert = named[1]!;
    const found = /^(\s*)expr:\s*(.*)$/.exec(lines[i]!);
    if (!found) continue;
    let expr = found[2]!.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
    if (/^[|>][-+]?$/.test(expr)) {
      expr = '';
      const indent = found[1]!.length;
      while (i + 1 < lines.length && (!lines[i + 1]!.trim() || lines[i + 1]!.search(/\S/) > indent))
        expr += `${lines[++i]}\n`;
    }
    rules.push({ alert, expr });
  }
  return rules;
}

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

/** Every query of the dashboard: its panels' (rows' too) and its template variables'. */
function dashboardQueries(dashboard: { panels: Panel[]; templating: { list: { definition?: string }[] } }) {
  const queries: { where: string; expr: string }[] = [];
  const walk = (panels: Panel[]) => {
    for (const panel of panels) {
      for (const target of panel.targets ?? [])
        if (target.expr) queries.push({ where: `panel "${panel.title}"`, expr: target.expr });
      walk(panel.panels ?? []);
    }
  };
  walk(dashboard.panels);
  for (const variable of dashboard.templating.list) {
    // label_values(<series>, <label>): the series is the first argument.
    const series = /^label_values\((.*),\s*\w+\)$/.exec(variable.definition ?? '')?.[1];
    if (series) queries.push({ where: 'a template variable', expr: series });
  }
  return queries;
}

/** The names of one scrape: each metric's own, and a histogram's _bucket, _sum and _count. */
function exposedNames(text: string) {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\w+)$/gm)) {
    names.add(name!);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name! + suffix);
  }
  return names;
}

describe('reading PromQL', () => {
  it('finds the metric names and nothing else', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (job, le) (rate(a_bucket{route!~"/x|/y", le="+Inf"}[5m]))) > 1 and on (job) b > 2e3',
      ),
    ).toEqual(['a_bucket', 'b']);
    expect(
      metricNames('time() - max by (job) (c) > 26 * 3600 unless d{x="and"} offset 5m or e[$__rate_interval]'),
    ).toEqual(['c', 'd', 'e']);
    expect(metricNames('f / ignoring (state) g{instance=~"$instance"}')).toEqual(['f', 'g']);
  });
});

describe('the alert rules and the dashboard', () => {
  let t: TestApp;
  let exposed: Set<string>;
  beforeAll(async () => {
    // Everything that adds metrics turned on: the job queue (away e-mails), Web Push, and Redis (a
    // port where none answers: its gauges are there, at 0).
    t = await buildTestApp({
      offlineEmail: { enabled: true, unreadDelaySeconds: 1 },
      vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@test.campus' },
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    exposed = exposedNames(res.body);
  });
  afterAll(() => t?.close());

  const unknown = (queries: { where: string; expr: string }[]) =>
    queries.flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((name) => !exposed.has(name) && !FROM_PROMETHEUS.has(name))
        .map((name) => `${name} (${where})`),
    );

  it('alert only on metrics the server exposes', () => {
    const rules = rulesOf(readFileSync(RULES, 'utf8'));
    expect(rules.length).toBeGreaterThanOrEqual(10);
    expect(rules.filter((r) => !r.alert || !r.expr.trim())).toEqual([]);
    const used = new Set(rules.flatMap((r) => metricNames(r.expr)));
    // The parse found the names the issue asks alerts on.
    for (const name of [
      'http_request_duration_seconds_bucket',
      'readiness_check_up',
      'backup_last_success_timestamp_seconds',
      'push_sends_total',
      'email_sends_total',
      'nodejs_eventloop_lag_p99_seconds',
      'db_pool_connections',
    ])
      expect(used).toContain(name);
    expect(unknown(rules.map((r) => ({ where: r.alert, expr: r.expr })))).toEqual([]);
  });

  it('give every alert a promtool test where it fires and one where it stays quiet', () => {
    const alerts = rulesOf(readFileSync(RULES, 'utf8')).map((r) => r.alert);
    const cases = readFileSync(RULE_TESTS, 'utf8')
      .split(/^\s*- eval_time:/m)
      .slice(1);
    const quiet = new Set<string>();
    const fires = new Set<string>();
    for (const c of cases) {
      const alert = /alertname:\s*(\S+)/.exec(c)?.[1] ?? '';
      (/exp_alerts:\s*\[\]/.test(c) ? quiet : fires).add(alert);
    }
    expect(alerts.filter((a) => !quiet.has(a) || !fires.has(a))).toEqual([]);
  });

  it('chart only metrics the server exposes', () => {
    const queries = dashboardQueries(JSON.parse(readFileSync(DASHBOARD, 'utf8')));
    expect(queries.length).toBeGreaterThanOrEqual(20);
    expect(unknown(queries)).toEqual([]);
  });
});
