import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The helpers each feature's `live.ts` uses to apply the socket's entity events to its cached
 * queries in place (docs/decisions/0006-entity-events.md); `app/live-updates.ts` composes them.
 */

export type Pages<P> = InfiniteData<P, unknown>;

/** An infinite list with `edit` applied to each page's items; the same objects where nothing changed. */
export function patchPages<P, T>(
  data: Pages<P> | undefined,
  get: (page: P) => T[],
  set: (page: P, items: T[]) => P,
  edit: (items: T[], pageIndex: number) => T[],
): Pages<P> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page, i) => {
    const before = get(page);
    const after = edit(before, i);
    if (after === before) return page;
    changed = true;
    return set(page, after);
  });
  return changed ? { ...data, pages } : data;
}

export const replaceById = <T extends { id: string }>(list: T[], next: T): T[] =>
  list.some((item) => item.id === next.id) ? list.map((item) => (item.id === next.id ? next : item)) : list;
export const removeById = <T extends { id: string }>(list: T[], id: string): T[] =>
  list.some((item) => item.id === id) ? list.filter((item) => item.id !== id) : list;

/** Refetches of the given keys, gathered for a moment so that a burst of events causes one each. */
export function createBatcher(queryClient: QueryClient, delay: number) {
  const due = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...due.values()];
    due.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    add(...keys: QueryKey[]) {
      for (const key of keys) due.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, delay);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      due.clear();
    },
  };
}

/** The refetches a feature asks for after an event, shared by every feature so a burst causes one each. */
export type LaterRefetches = Pick<ReturnType<typeof createBatcher>, 'add'>;

/**
 * A list still loading when an event arrives may be answered with what the server had before the
 * change: each such query fetches again shortly after, so the event is not lost.
 */
export function refetchLoading(queryClient: QueryClient, later: LaterRefetches, queryKey: QueryKey) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey }))
    if (query.state.fetchStatus === 'fetching') later.add(query.queryKey);
}
