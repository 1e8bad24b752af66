import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { presentDayScholarStats, presentHostellerStats, presentRecentProduct } from './dashboard.presenter';
import * as repo from './dashboard.repo';

/** The numbers and product cards of the two dashboards (request lists live with requests). */
export function createDashboardService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async hostellerStats(actor: Actor) {
      return { stats: presentHostellerStats(await repo.hostellerCounts(db, actor.id)) };
    },
    async dayScholarStats(actor: Actor) {
      return { stats: presentDayScholarStats(await repo.dayScholarCounts(db, actor.id)) };
    },
    async recentProducts(actor: Actor, limit: number) {
      return {
        products: (await repo.recentProducts(db, actor.id, limit)).map((p) =>
          presentRecentProduct(p, ctx.storage),
        ),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
