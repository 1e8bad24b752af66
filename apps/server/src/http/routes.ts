import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../lib/auth';
import type { AppContext } from '../lib/app-context';
import type { Metrics } from '../lib/metrics';
import type { SharedRedis } from '../lib/redis';
import { uploadsRoutes } from '../lib/storage';
import { createUploadLinks } from '../lib/upload-links';
import { accountRoutes } from '../modules/account/account.routes';
import { authRoutes } from '../modules/identity/auth.routes';
import { avatarRoutes } from '../modules/identity/avatar.routes';
import { blocksRoutes } from '../modules/blocks/blocks.routes';
import { chatRoutes } from '../modules/chat/chat.routes';
import { dashboardRoutes } from '../modules/dashboard/dashboard.routes';
import { emailsRoutes } from '../modules/emails/emails.routes';
import { exportRoutes } from '../modules/export/export.routes';
import { followsRoutes } from '../modules/follows/follows.routes';
import { searchesRoutes } from '../modules/searches/searches.routes';
import { wantedRoutes } from '../modules/wanted/wanted.routes';
import { lostFoundRoutes } from '../modules/lost-found/lost-found.routes';
import { moderationRoutes } from '../modules/moderation/moderation.routes';
import { notificationsRoutes } from '../modules/notifications/notifications.routes';
import { offersRoutes } from '../modules/offers/offers.routes';
import { productRoutes } from '../modules/products/products.routes';
import { profilesRoutes } from '../modules/people/profiles.routes';
import { previewsRoutes } from '../modules/previews/previews.routes';
import { pushRoutes } from '../modules/push/push.routes';
import { ratingsRoutes } from '../modules/ratings/ratings.routes';
import { reportsRoutes } from '../modules/reports/reports.routes';
import { requestsRoutes } from '../modules/requests/requests.routes';
import { runsRoutes } from '../modules/runs/runs.routes';
import { settlementsRoutes } from '../modules/settlements/settlements.routes';
import { systemRoutes } from '../modules/system/system.routes';
import { vitalsRoutes } from '../modules/system/vitals.routes';
import { tripsRoutes } from '../modules/trips/trips.routes';
import type { Services } from '../services';

interface RouteDeps {
  ctx: AppContext;
  guards: Guards;
  services: Services;
  metrics: Metrics;
  redis: SharedRedis | undefined;
}

/** Every feature's routes under /api, each handed its service, and the uploaded files. */
export async function registerRoutes(
  app: FastifyInstance,
  { ctx, guards, services, metrics, redis }: RouteDeps,
) {
  const api = { prefix: '/api' };
  const checks = {
    database: () => ctx.db.execute(sql`select 1`),
    // Known to be away: failed at once, not after the command timeout.
    ...(redis && {
      redis: () =>
        redis.health.up ? redis.client.ping() : Promise.reject(new Error('Redis is not answering')),
    }),
    ...(ctx.config.s3 && { storage: () => ctx.storage.check() }),
  };
  await app.register(systemRoutes({ ctx, guards, service: { metrics, checks } }), api);
  await app.register(vitalsRoutes({ ctx, guards, service: services.vitals }), api);
  await app.register(authRoutes({ ctx, guards, service: services }), api);
  await app.register(avatarRoutes({ ctx, guards, service: services.avatar }), api);
  await app.register(requestsRoutes({ ctx, guards, service: services.requests }), api);
  await app.register(runsRoutes({ ctx, guards, service: services.runs }), api);
  await app.register(ratingsRoutes({ ctx, guards, service: services.ratings }), api);
  await app.register(dashboardRoutes({ ctx, guards, service: services.dashboard }), api);
  await app.register(productRoutes({ ctx, guards, service: services.products }), api);
  await app.register(chatRoutes({ ctx, guards, service: services.chat }), api);
  await app.register(notificationsRoutes({ ctx, guards, service: services.notifications }), api);
  await app.register(reportsRoutes({ ctx, guards, service: services.reports }), api);
  await app.register(blocksRoutes({ ctx, guards, service: services.blocks }), api);
  await app.register(followsRoutes({ ctx, guards, service: services.follows }), api);
  await app.register(searchesRoutes({ ctx, guards, service: services.searches }), api);
  await app.register(wantedRoutes({ ctx, guards, service: services.wanted }), api);
  await app.register(lostFoundRoutes({ ctx, guards, service: services.lostFound }), api);
  await app.register(moderationRoutes({ ctx, guards, service: services.moderation }), api);
  await app.register(pushRoutes({ ctx, guards, service: services.push }), api);
  await app.register(emailsRoutes({ ctx, guards, service: services.emails }), api);
  await app.register(offersRoutes({ ctx, guards, service: services.offers }), api);
  await app.register(profilesRoutes({ ctx, guards, service: services.profiles }), api);
  await app.register(previewsRoutes({ ctx, guards, service: services.previews }), api);
  await app.register(tripsRoutes({ ctx, guards, service: services.trips }), api);
  await app.register(settlementsRoutes({ ctx, guards, service: services.settlements }), api);
  await app.register(exportRoutes({ ctx, guards, service: services.dataExport }), api);
  await app.register(accountRoutes({ ctx, guards, service: services.account }), api);
  await app.register(uploadsRoutes(ctx.storage, createUploadLinks(ctx.config.jwtSecrets)));
}
