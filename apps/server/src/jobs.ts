import type { FastifyInstance } from 'fastify';
import { startBackupSchedule } from './backup/schedule';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppContext } from './lib/app-context';
import { createJobQueue } from './lib/jobs';
import { startSweep } from './lib/sweep';
import { startOrphanSweep } from './lib/orphan-sweep';
import { productPhotos } from './modules/products/products.sweep';
import { wantedPhotos } from './modules/wanted/wanted.photos';
import { lostFoundPhotos } from './modules/lost-found/lost-found.photos';
import { startExpirySweep } from './modules/requests/requests.service';
import { startReminderSweep } from './modules/settlements/settlements.service';
import type { Services } from './services';

/**
 * Away e-mails and Web Push go through the PostgreSQL job queue: one process sends each, whichever
 * fetches it, and a send that fails is tried again.
 */
export async function openJobQueue(
  app: FastifyInstance,
  config: Pick<Config, 'offlineEmail' | 'vapid'>,
  database: Database,
) {
  const wanted = config.offlineEmail.enabled || config.vapid !== undefined;
  const jobs = wanted ? await createJobQueue(database, app.log) : undefined;
  if (jobs) app.addHook('onClose', () => jobs.stop());
  return jobs;
}

/**
 * What runs beside the answers: the sweeps, the scheduled backups, away e-mails and Web Push, all
 * stopped when the app closes. Answers the backup schedule (its figures go to the metrics).
 */
export async function startJobs(
  app: FastifyInstance,
  ctx: AppContext,
  services: Services,
  database: Pick<Database, 'url' | 'db' | 'whileLocked'>,
) {
  // Expired requests leave every open Browse screen (each process sweeps; each request is claimed once).
  const sweep = startExpirySweep(services.requests, ctx.log, ctx.config.requestSweepSeconds);
  app.addHook('onClose', () => sweep.stop());
  // Sellers of listings about to expire are told once (each listing claimed by one process).
  const expiring = startSweep(
    () => services.products.warnExpiring(),
    ctx.config.requestSweepSeconds * 1000,
    ctx.log,
    'listing expiry warning failed',
  );
  app.addHook('onClose', () => expiring.stop());
  // Photos left behind by a crash between upload and commit, or by a failed removal.
  const orphans = startOrphanSweep(ctx, database, [productPhotos, wantedPhotos, lostFoundPhotos]);
  app.addHook('onClose', () => orphans.stop());
  // Payers of settlements still open a day on are reminded once (each claimed by one process).
  const reminders = startReminderSweep(ctx, ctx.config.requestSweepSeconds);
  app.addHook('onClose', () => reminders.stop());
  // Members who chose one e-mail a day of their saved searches' matches get it when it is due.
  const digests = startSweep(
    () => services.emails.sendSearchDigests(),
    ctx.config.requestSweepSeconds * 1000,
    ctx.log,
    'saved search digest failed',
  );
  app.addHook('onClose', () => digests.stop());
  // One process of those sharing the database takes each due backup (claimed in backup_runs).
  const backups = startBackupSchedule({ db: ctx.db, database, config: ctx.config, log: ctx.log });
  app.addHook('onClose', () => backups.stop());

  const { push, emails } = services;
  await emails.start();
  await push.start();
  // Never in the way of the write that caused them: a slow push service delays nobody's answer.
  ctx.events.on((event) => {
    void push.onEvent(event).catch((err: unknown) => ctx.log.warn({ err }, 'push dispatch failed'));
    void emails.onEvent(event).catch((err: unknown) => ctx.log.warn({ err }, 'e-mail scheduling failed'));
  });
  return { backups };
}
