import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { bindUseCases } from '../../lib/use-cases';
import { presentDayScholarStats, presentHostellerStats, presentRecentProduct } from './dashboard.presenter';
import * as repo from './dashboard.repo';

type Deps = Pick<AppContext, 'db' | 'storage'>;

async function hostellerStats({ db }: Deps, actor: Actor) {
  return { stats: presentHostellerStats(await repo.hostellerCounts(db, actor.id)) };
}

async function dayScholarStats({ db }: Deps, actor: Actor) {
  return { stats: presentDayScholarStats(await repo.dayScholarCounts(db, actor.id)) };
}

async function recentProducts({ db, storage }: Deps, actor: Actor, limit: number) {
  return {
    products: (await repo.recentProducts(db, actor.id, limit)).map((p) => presentRecentProduct(p, storage)),
  };
}

/** The numbers and product cards of the two dashboards (request lists live with requests). */
export function createDashboardService(ctx: Pick<AppContext, 'db' | 'storage'>) {
  const deps: Deps = { db: ctx.db, storage: ctx.storage };
  return bindUseCases(deps, { hostellerStats, dayScholarStats, recentProducts });
}
export type DashboardService = ReturnType<typeof createDashboardService>;
