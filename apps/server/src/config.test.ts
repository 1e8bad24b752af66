import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { photoSource } from './backup/schedule';
import { loadConfig } from './config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campusrun-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...env,
  });
const shared = { REDIS_URL: 'redis://127.0.0.1:6379', S3_BUCKET: 'campusrun' };

describe('REDIS_PREFIX and S3_PREFIX', () => {
  it('are empty unless set, so a deployment that sets neither keeps its keys where they were', () => {
    const config = load(shared);
    expect(config.redisPrefix).toBe('');
    expect(config.s3?.prefix).toBe('');
    expect(load({ ...shared, REDIS_PREFIX: '', S3_PREFIX: ' ' }).redisPrefix).toBe('');
  });

  it("S3_PREFIX is named in a backup's manifest with the bucket, so a restore knows whose photos its rows name", () => {
    expect(photoSource(load({ ...shared, S3_PREFIX: 'campuses/north' }))).toEqual({
      kind: 's3',
      bucket: 'campusrun',
      prefix: 'campuses/north',
    });
    expect(photoSource(load({}))).toEqual({ kind: 'local', dir: path.join(dataDir, 'uploads') });
  });

  it('take parts joined by their separator, one at the end dropped', () => {
    expect(load({ ...shared, REDIS_PREFIX: 'north-campus' }).redisPrefix).toBe('north-campus');
    expect(load({ ...shared, REDIS_PREFIX: 'cr:north_1:' }).redisPrefix).toBe('cr:north_1');
    expect(load({ ...shared, S3_PREFIX: 'campuses/north/' }).s3?.prefix).toBe('campuses/north');
  });

  it('refuse to start on a bad value, saying what fits', () => {
    for (const REDIS_PREFIX of ['north campus', 'a::b', ':a', 'a/b', 'x'.repeat(65)])
      expect(() => load({ ...shared, REDIS_PREFIX })).toThrow(/REDIS_PREFIX: must be/);
    for (const S3_PREFIX of ['../north', '/north', 'a//b', 'a:b', 'x'.repeat(129)])
      expect(() => load({ ...shared, S3_PREFIX })).toThrow(/S3_PREFIX: must be/);
  });

  it('refuse to start without the Redis or the bucket they would apply to', () => {
    expect(() => load({ REDIS_PREFIX: 'north' })).toThrow(/REDIS_PREFIX: is set but REDIS_URL is not/);
    expect(() => load({ S3_PREFIX: 'north' })).toThrow(/S3_PREFIX: is set but S3_BUCKET is not/);
  });
});

describe('JWT_SECRETS', () => {
  const current = 'c'.repeat(40);
  const older = 'o'.repeat(40);

  it('lists the signing keys newest first, in the place of JWT_SECRET', () => {
    const config = load({ JWT_SECRETS: ` ${current} , ${older}` });
    expect(config.jwtSecrets).toEqual([current, older]);
    expect(config.jwtSecret).toBe(current);
  });

  it('is JWT_SECRET alone when unset', () => {
    const config = load({ JWT_SECRET: current });
    expect(config.jwtSecrets).toEqual([current]);
    expect(config.jwtSecret).toBe(current);
    expect(load({ JWT_SECRET: current, JWT_SECRETS: '' }).jwtSecrets).toEqual([current]);
  });

  it('refuses to start on a key that is too short, saying which, never showing it', () => {
    const tooShort = () => load({ JWT_SECRETS: `${current},short-key` });
    expect(tooShort).toThrow(/JWT_SECRETS: key 2 of 2 must be at least 32 characters/);
    expect(tooShort).not.toThrow(/short-key/);
    expect(() => load({ JWT_SECRETS: `${current},` })).toThrow(/JWT_SECRETS: key 2 of 2/);
  });

  it('stands for JWT_SECRET where processes share the work', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, REDIS_URL: shared.REDIS_URL };
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET: required when processes share the work/);
    expect(loadConfig({ ...env, JWT_SECRETS: current }).jwtSecrets).toEqual([current]);
  });
});
