import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Events } from './events';
import type { Mailer } from './mailer';
import type { PageCache } from './page-cache';
import type { LimiterFactory } from './rate-limit';
import type { Storage } from './storage';
import type { Jwt } from './tokens';

/** What every feature is built from; assembled once in src/context.ts. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  jwt: Jwt;
  limiter: LimiterFactory;
  log: FastifyBaseLogger;
  /** In-process domain events (notifications, later the realtime push). */
  events: Events;
  /** The pages shared by every viewer of a role, serialised (lib/page-cache.ts). */
  pages: PageCache;
  /** Each member's own lists (requests, deliveries, notifications, chats), serialised, per member. */
  ownPages: PageCache;
  /** Uploaded files: DATA_DIR/uploads or the bucket (lib/storage.ts). */
  storage: Storage;
}
