import type { DeliveryRequest } from '@campusrun/shared';

/** One row of a request list: a request on its own, or the requests of one shared run together. */
type ListEntry =
  | { id: string; kind: 'request'; request: DeliveryRequest }
  | { id: string; kind: 'run'; runId: string; requests: DeliveryRequest[] };

const single = (request: DeliveryRequest): ListEntry => ({ id: request.id, kind: 'request', request });

/**
 * The list in its own order, the requests of one shared run gathered at the place of the first of
 * them. A run with one request in the list stays a plain card (its badge says it is part of a run).
 */
export function groupByRun(requests: readonly DeliveryRequest[]): ListEntry[] {
  const byRun = new Map<string, DeliveryRequest[]>();
  for (const request of requests) {
    if (request.runId === null) continue;
    const group = byRun.get(request.runId);
    if (group) group.push(request);
    else byRun.set(request.runId, [request]);
  }
  const entries: ListEntry[] = [];
  for (const request of requests) {
    const { runId } = request;
    const group = runId === null ? undefined : byRun.get(runId);
    if (runId === null || !group || group.length < 2) entries.push(single(request));
    else if (group[0] === request) entries.push({ id: `run:${runId}`, kind: 'run', runId, requests: group });
  }
  return entries;
}

/** Every request a row of its own, in order. */
export const ungrouped = (requests: readonly DeliveryRequest[]): ListEntry[] => requests.map(single);

/**
 * A shared run's heading in a list: "Shared run · Katpadi market · 3 drops" (where its items are
 * bought, which every request of the run shares, and how many deliveries it makes).
 */
export function runHeading(requests: readonly DeliveryRequest[]): string {
  const place = requests[0]?.pickupFrom;
  const drops = `${requests.length} ${requests.length === 1 ? 'drop' : 'drops'}`;
  return ['Shared run', place, drops].filter(Boolean).join(' · ');
}
