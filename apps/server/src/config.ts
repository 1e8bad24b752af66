import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type CampusConfig, EMAIL_LIMITS } from '@campusrun/shared';
import { runsAsRoot, secureDataDir } from './lib/data-dir';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * A name that keeps one deployment's keys apart from another's in a shared store: words of letters,
 * digits, '-' and '_' joined by `separator` (one at the end is dropped), at most `max` characters.
 * Empty (the default): no prefix.
 */
const storePrefix = (separator: ':' | '/', max: number, example: string) => {
  const word = '[A-Za-z0-9_-]+';
  const shape = new RegExp(`^${word}(?:${separator}${word})*${separator}?$`);
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
    z
      .string()
      .max(max, `must be at most ${max} characters`)
      .regex(
        shape,
        `must be letters, digits, '-' and '_', in parts joined by '${separator}', e.g. ${example}`,
      )
      .transform((v) => (v.endsWith(separator) ? v.slice(0, -1) : v))
      .default(''),
  );
};

/** Names of address ranges that Fastify's trustProxy understands besides IPs and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const PROXY_EXAMPLE =
  'e.g. TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=127.0.0.1,192.168.1.0/24 or TRUST_PROXY=loopback';

/** An IPv4/IPv6 address, a CIDR range or a range name (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [ip = '', prefix, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * The proxies whose X-Forwarded-For is believed: false (none, the default) or their addresses.
 * `true` and hop counts are refused: both let a client that reaches the server directly pick the
 * address every per-IP rate limit is keyed on.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | string[] => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `true would believe any client's X-Forwarded-For; list the addresses or CIDR ranges of your proxies instead, ${PROXY_EXAMPLE}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count cannot tell a proxy from a client that connects directly; list the addresses or CIDR ranges of your proxies instead, ${PROXY_EXAMPLE}`,
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.map((e) => `"${e}"`).join(', ')} is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal (${PROXY_EXAMPLE})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The shortest signing key accepted (JWT_SECRET, and each of JWT_SECRETS). */
const SIGNING_KEY_MIN = 32;

/** The server's signing keys, newest first: the first signs, the others are still accepted. */
type SigningKeys = readonly [string, ...string[]];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  /** Put before every Redis key and channel, so deployments can share one Redis. */
  REDIS_PREFIX: storePrefix(':', 64, 'REDIS_PREFIX=north-campus'),
  /** How processes announce changes: PostgreSQL NOTIFY (default with DATABASE_URL) or Redis pub/sub. */
  CHANGE_CHANNEL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['postgres', 'redis']).optional()),
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  CAMPUS_NAME: z.string().min(1).default('Example University'),
  CAMPUS_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as example.edu')
    .default('example.edu'),
  SUPPORT_EMAIL: optionalString,
  /** Comma-separated addresses of accounts made moderators when they sign in. */
  MODERATOR_EMAILS: optionalString,
  JWT_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(SIGNING_KEY_MIN, `must be at least ${SIGNING_KEY_MIN} characters`).optional(),
  ),
  /** The signing keys, comma-separated, newest first; in the place of JWT_SECRET when set. */
  JWT_SECRETS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.split(',').map((key) => key.trim()) : undefined),
    z
      .array(z.string())
      .superRefine((keys, ctx) =>
        keys.forEach((key, i) => {
          if (key.length < SIGNING_KEY_MIN)
            ctx.addIssue({
              code: 'custom',
              message: `key ${i + 1} of ${keys.length} must be at least ${SIGNING_KEY_MIN} characters`,
            });
        }),
      )
      .optional(),
  ),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d or 12h')
    .default('7d'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Requests a minute per address without a valid session (pages, /api/config, sign-in screens). */
  RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(3000),
  /** API calls (and socket connections) a minute per signed-in account. */
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().min(1).default(600),
  /** Every counted request a minute per address, signed in or not: a flood guard only. */
  RATE_LIMIT_ADDRESS: z.coerce.number().int().min(1).default(20_000),
  /** Account calls (sign-in, sign-up, codes, reset) a minute per address. */
  RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(300),
  /** Account calls a minute per target e-mail address (or sign-up) from one address. */
  RATE_LIMIT_AUTH_TARGET: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: trustProxy,
  MAX_ACTIVE_DELIVERIES: z.coerce.number().int().min(1).default(3),
  REPORT_HOLD_ACCOUNT_AGE_HOURS: z.coerce.number().int().min(0).max(8760).default(24),
  REQUEST_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2000),
  S3_BUCKET: optionalString,
  OFFLINE_EMAIL: z.enum(['on', 'off']).default('on'),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  /** Ports besides 443 a push endpoint may name, comma-separated (a push service on another port). */
  PUSH_ENDPOINT_PORTS: z
    .string()
    .optional()
    .transform((raw, ctx): number[] => {
      const entries = (raw ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => !/^\d{1,5}$/.test(e) || Number(e) < 1 || Number(e) > 65535);
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: 'must be port numbers separated by commas, e.g. 8443' });
        return z.NEVER;
      }
      return entries.map(Number);
    }),
  /** Tests and local development only: push endpoints on loopback and private addresses. */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.enum(['on', 'off']).default('off'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['true', 'false', '1', '0']).optional(),
  ),
  S3_PUBLIC_URL: optionalUrl,
  /** The folder of the bucket that holds this deployment's uploads, so deployments can share one bucket. */
  S3_PREFIX: storePrefix('/', 128, 'S3_PREFIX=north-campus'),
  /** Hours between the backups a running server takes into DATA_DIR/backups; 0 takes none. */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(8760).default(24),
  /** How many of those backups are kept (the oldest beyond it are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** The secret that signs each backup's manifest; unset: DATA_DIR/backup.key, created on the first backup. */
  BACKUP_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().min(32, 'must be at least 32 characters').optional(),
  ),
  /** An OTLP/HTTP collector (its base, e.g. http://127.0.0.1:4318): traces are recorded and sent there. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** The service name traces carry; one per campus when several send to one collector. */
  OTEL_SERVICE_NAME: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().max(100).default('campusrun'),
  ),
  /** Bearer token that opens GET /api/metrics to callers other than loopback. */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  /** The share of page loads whose browser reports their speed (POST /api/vitals), 0 to 1. */
  VITALS_SAMPLE_RATE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1').default(0.1),
  ),
});

/** The S3_* settings other than S3_BUCKET: any of them without a bucket is a half-done setup. */
const S3_DETAILS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
  'S3_PREFIX',
] as const;

/** An S3-compatible bucket for uploads (AWS S3, R2, MinIO, Garage, Ceph RGW). */
export interface S3Config {
  bucket: string;
  /** For stores other than AWS, e.g. http://127.0.0.1:9000. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the SDK's own credential chain (instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted stores. */
  forcePathStyle: boolean;
  /** Base URL clients load images from (CDN or public bucket); unset: /uploads/<key> on this server. */
  publicUrl?: string;
  /** The folder every key lives under ('north-campus' puts 'products/x.webp' at 'north-campus/products/x.webp'); '' for none. */
  prefix: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  /** Where traces go (OTEL_EXPORTER_OTLP_ENDPOINT) and the service name they carry; unset: none are recorded. */
  traces?: { endpoint: string; serviceName: string };
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Put before every Redis key and channel ('north-campus' → 'north-campus:rl:…'); '' for none. */
  redisPrefix: string;
  /** 'redis': changes travel over Redis pub/sub even when the database is PostgreSQL. */
  changeChannel?: 'postgres' | 'redis';
  /** Shared pages kept per process (lib/page-cache.ts); 0 keeps none. */
  pageCacheEntries: number;
  smtpUrl?: string;
  mailFrom: string;
  campusName: string;
  emailDomain: string;
  supportEmail: string;
  /** Lower-cased; an account with one of these addresses becomes a moderator when it signs in. */
  moderatorEmails: string[];
  /**
   * The signing keys (JWT_SECRETS, or JWT_SECRET alone), newest first: what is signed now is signed
   * with the first; bearer tokens, page cookies, handover codes, photo links, sign-up codes and
   * unsubscribe links made with any of them are still accepted.
   */
  jwtSecrets: SigningKeys;
  /** The current signing key: the first of `jwtSecrets`. */
  jwtSecret: string;
  jwtTtl: string;
  google?: { clientId: string; clientSecret: string; issuer: string };
  logLevel: string;
  /** Addresses / CIDR ranges of the proxies whose X-Forwarded-For is believed; false: none. */
  trustProxy: false | string[];
  /** Where the built web app lives; unset when the API runs alone (tests, dev). */
  webDistDir?: string;
  /**
   * Requests a minute: `global` per address without a valid session, `account` per signed-in
   * account (API calls, and socket connections apart), `address` per address over everything (a
   * flood guard), `auth` account calls per address, `authTarget` account calls per target e-mail
   * and address; `authPerAccount` failed sign-ins per account and address per 15 min. `health`
   * replaces the health check's own limit (only the bench sets it).
   */
  rateLimits: {
    global: number;
    account: number;
    address: number;
    auth: number;
    authTarget: number;
    authPerAccount: number;
    health?: number;
  };
  /** How many accepted, not yet completed or cancelled deliveries one day scholar may hold. */
  maxActiveDeliveries: number;
  /** How old an account must be before its reports count toward holding a listing. */
  reportHoldAccountAgeHours: number;
  /** How often each process looks for requests whose deadline passed (seconds; 0: never). */
  requestSweepSeconds: number;
  /** Uploads in a bucket; unset: files in DATA_DIR/uploads (one process). */
  s3?: S3Config;
  /** Opens GET /api/metrics with `Authorization: Bearer <token>`; loopback needs none. */
  metricsToken?: string;
  /** The share of page loads whose browser reports their speed (POST /api/vitals), 0 to 1. */
  vitalsSampleRate: number;
  /**
   * Scheduled backups into DATA_DIR/backups: every `everyHours` (0: none), the newest `keep` kept.
   * `key` (BACKUP_KEY) signs their manifests; unset: the key in DATA_DIR/backup.key.
   */
  backups: { everyHours: number; keep: number; key?: string };
  /**
   * E-mails to users who are away (unread messages, their requests accepted or delivered), through
   * the PostgreSQL job queue; `unreadDelaySeconds` is how long a message waits unread first.
   */
  offlineEmail: { enabled: boolean; unreadDelaySeconds: number };
  /** Web Push keys (VAPID); in development generated once into DATA_DIR. Unset: no pushes. */
  vapid?: { publicKey: string; privateKey: string; subject: string };
  /**
   * Where a push endpoint may point: https on these ports (443 and any configured), at a host whose
   * every address is public unless `allowPrivateEndpoints` (never in production: a local push
   * service for tests).
   */
  push: { endpointPorts: number[]; allowPrivateEndpoints: boolean };
}

export class ConfigError extends Error {}

/** Reads the environment once, failing with every bad value listed. The only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  assertSettingsAgree(e);
  const dataDir = path.resolve(e.DATA_DIR);
  try {
    secureDataDir(dataDir, !e.DATABASE_URL && runsAsRoot());
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration:\n  DATA_DIR: ${dataDir} cannot be used (${(err as Error).message})`,
    );
  }
  const domain = e.CAMPUS_EMAIL_DOMAIN.toLowerCase();
  const jwtSecrets = signingKeys(e, dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    changeChannel: e.CHANGE_CHANNEL,
    pageCacheEntries: e.PAGE_CACHE_ENTRIES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `CampusRun <no-reply@${domain}>`,
    campusName: e.CAMPUS_NAME,
    emailDomain: domain,
    supportEmail: e.SUPPORT_EMAIL ?? `support@${domain}`,
    moderatorEmails: (e.MODERATOR_EMAILS ?? '')
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
    jwtSecrets,
    jwtSecret: jwtSecrets[0],
    jwtTtl: e.JWT_TTL,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      global: e.RATE_LIMIT_GLOBAL,
      account: e.RATE_LIMIT_ACCOUNT,
      address: e.RATE_LIMIT_ADDRESS,
      auth: e.RATE_LIMIT_AUTH,
      authTarget: e.RATE_LIMIT_AUTH_TARGET,
      authPerAccount: 10,
    },
    maxActiveDeliveries: e.MAX_ACTIVE_DELIVERIES,
    reportHoldAccountAgeHours: e.REPORT_HOLD_ACCOUNT_AGE_HOURS,
    requestSweepSeconds: e.REQUEST_SWEEP_SECONDS,
    s3: s3Config(e),
    metricsToken: e.METRICS_TOKEN,
    traces: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
    vitalsSampleRate: e.VITALS_SAMPLE_RATE,
    backups: { everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP, key: e.BACKUP_KEY },
    vapid: vapidKeys(e, dataDir, domain),
    push: {
      endpointPorts: [...new Set([443, ...e.PUSH_ENDPOINT_PORTS])],
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'on',
    },
    offlineEmail: { enabled: e.OFFLINE_EMAIL === 'on', unreadDelaySeconds: EMAIL_LIMITS.unreadDelaySeconds },
  };
}

type Env = z.infer<typeof envSchema>;

/** The settings that are each valid alone but not together (or not in production). */
function assertSettingsAgree(e: Env) {
  if (e.CHANGE_CHANNEL === 'redis' && !e.REDIS_URL)
    throw new ConfigError('Invalid configuration:\n  CHANGE_CHANNEL: redis needs REDIS_URL');
  if (e.REDIS_PREFIX && !e.REDIS_URL)
    throw new ConfigError(
      'Invalid configuration:\n  REDIS_PREFIX: is set but REDIS_URL is not; set REDIS_URL to share a Redis',
    );
  const s3Problems = s3Issues(e);
  if (s3Problems.length)
    throw new ConfigError(`Invalid configuration:\n${s3Problems.map((p) => `  ${p}`).join('\n')}`);
  // Each process would otherwise sign sessions with its own generated secret, which the others refuse.
  const hasKey = Boolean(e.JWT_SECRETS ?? e.JWT_SECRET);
  if (!hasKey && (e.REDIS_URL || e.S3_BUCKET))
    throw new ConfigError(
      `Invalid configuration:\n  JWT_SECRET: required when processes share the work (${e.REDIS_URL ? 'REDIS_URL' : 'S3_BUCKET'} is set); give every process the same one (or the same JWT_SECRETS)`,
    );
  if (e.NODE_ENV === 'production') {
    const missing = [
      ...(hasKey ? [] : ['JWT_SECRET']),
      // Without it, sign-up codes and reset links would only reach the local outbox.
      ...(e.SMTP_URL ? [] : ['SMTP_URL']),
    ];
    if (e.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'on')
      throw new ConfigError(
        'Invalid configuration:\n  PUSH_ALLOW_PRIVATE_ENDPOINTS: must be off when NODE_ENV=production; push endpoints must resolve to public addresses',
      );
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when NODE_ENV=production`).join('\n')}`,
      );
  }
}

/** The bucket for uploads, when S3_BUCKET is set. */
function s3Config(e: Env): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
    prefix: e.S3_PREFIX,
  };
}

/**
 * Web Push keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (with VAPID_SUBJECT, a mailto: or https:
 * contact); without them, outside production, a pair generated once and kept in DATA_DIR (every
 * process of a deployment must share one pair, so production sets them).
 */
function vapidKeys(e: Env, dataDir: string, domain: string): Config['vapid'] {
  const subject = e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL ?? `support@${domain}`}`;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY)
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  if (e.NODE_ENV === 'production' || e.REDIS_URL) return undefined;
  const file = path.join(dataDir, 'vapid.json');
  try {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...keys, subject };
  } catch {
    const keys = generateVapidKeys();
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    return { ...keys, subject };
  }
}

/** A P-256 key pair as Web Push wants it: base64url, the public key uncompressed (65 bytes). */
function generateVapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // Always 32 bytes (a key with leading zero bytes comes back shorter).
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
}

/** What is missing from a bucket setup that was begun: a detail without S3_BUCKET, half a key pair. */
function s3Issues(e: Env): string[] {
  if (!e.S3_BUCKET) {
    const set = S3_DETAILS.filter((name) => e[name] !== undefined && e[name] !== '');
    return set.map(
      (name) => `${name}: is set but S3_BUCKET is not; set S3_BUCKET to store uploads in a bucket`,
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    return [
      e.S3_ACCESS_KEY_ID
        ? 'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID'
        : 'S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY',
    ];
  return [];
}

/** JWT_SECRETS, else JWT_SECRET alone, else (development) the one generated into DATA_DIR. */
function signingKeys(e: Env, dataDir: string): SigningKeys {
  const [current = e.JWT_SECRET ?? devSecret(dataDir), ...older] = e.JWT_SECRETS ?? [];
  return [current, ...older];
}

/** In development the signing secret is generated once and kept in DATA_DIR. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** The campus settings every visitor may read: GET /api/config, and written into each page. */
export function publicCampusConfig(config: Config): CampusConfig {
  return {
    campusName: config.campusName,
    emailDomain: config.emailDomain,
    googleEnabled: Boolean(config.google),
    supportEmail: config.supportEmail,
    vitalsSampleRate: config.vitalsSampleRate,
  };
}
