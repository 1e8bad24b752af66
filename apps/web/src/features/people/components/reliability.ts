import type { Reliability } from '@campusrun/shared';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The one-line reading of a reliability record: "Reliable" only with something completed and no
 * dispute lost or payment overdue, "New member" before anything is completed (and nothing held
 * against them), otherwise the counts alone. Requests and overdue payments are said only when there are some.
 */
export function reliabilitySummary(r: Reliability): string {
  const completed = r.deliveriesCompleted + r.requestsCompleted;
  const clean = r.disputesLost === 0 && r.settlementsOverdue === 0;
  if (clean && completed === 0) return 'New member · nothing completed yet';
  const parts: string[] = [];
  if (clean) parts.push('Reliable');
  if (r.deliveriesCompleted > 0 || r.requestsCompleted === 0)
    parts.push(count(r.deliveriesCompleted, 'delivery', 'deliveries'));
  if (r.requestsCompleted > 0) parts.push(count(r.requestsCompleted, 'request', 'requests'));
  parts.push(count(r.disputesLost, 'dispute lost', 'disputes lost'));
  if (r.settlementsOverdue > 0)
    parts.push(count(r.settlementsOverdue, 'payment overdue', 'payments overdue'));
  return parts.join(' · ');
}
