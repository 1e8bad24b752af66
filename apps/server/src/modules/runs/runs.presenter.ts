import type { DeliveryRequest, Role, Run } from '@campusrun/shared';
import { toRupees } from '../../lib/money';
import { runCan, shareOf, shownStatus, type RunState, type RunViewer } from './runs.policy';
import type { RunRow } from './runs.repo';

/** The rules' view of a run row. */
export const runState = (row: RunRow): RunState => ({
  starterId: row.starterId,
  delivererId: row.delivererId,
  status: row.status,
  cutoffAt: row.cutoffAt,
  deadline: row.deadline,
  participants: row.participants,
});

/** The viewer with their part in the run, as the rules see them. */
export const runViewer = (viewer: { id: string; role: Role | null }, row: RunRow): RunViewer => ({
  id: viewer.id,
  role: viewer.role,
  joined: row.myRequestId !== null,
  blocked: row.blockedWithViewer,
  starterHidden: row.starterHidden,
});

/**
 * A run as `viewer` sees it: money in rupees, `share` what each participant but the first pays now
 * and `shareIfJoined` what each would pay with one more; `requests` as the service chose them
 * (empty in lists); `can` from the policy, as of `now`.
 */
export function presentRun(
  row: RunRow,
  viewer: { id: string; role: Role | null },
  now = new Date(),
  requests: DeliveryRequest[] = [],
): Run {
  const state = runState(row);
  return {
    id: row.id,
    starter: { id: row.starterId, name: row.starterName, avatar: row.starterAvatar },
    deliverer:
      row.delivererId && row.delivererName !== null
        ? { id: row.delivererId, name: row.delivererName, avatar: row.delivererAvatar }
        : null,
    pickupFrom: row.pickupFrom,
    cutoffAt: row.cutoffAt.toISOString(),
    deadline: row.deadline.toISOString(),
    totalFee: toRupees(row.totalFee),
    status: shownStatus(state, now),
    participants: row.participants,
    items: row.items,
    blocks: row.blocks,
    share: toRupees(shareOf(row.totalFee, row.participants)),
    shareIfJoined: toRupees(shareOf(row.totalFee, row.participants + 1)),
    myRequestId: row.myRequestId,
    createdAt: row.createdAt.toISOString(),
    requests,
    can: runCan(runViewer(viewer, row), state, now),
  };
}
