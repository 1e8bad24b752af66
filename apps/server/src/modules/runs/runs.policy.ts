import { RUN_LIMITS, type Role, type RunCan, type RunReason } from '@campusrun/shared';

/**
 * Every rule about who may do what with a shared run. Pure: no I/O. The service refuses with these,
 * and the presenter turns them into the `can` of each run it sends.
 */

/**
 * The fee split: `total` paise among `n` participants, equally, in whole paise. The first share (the
 * starter's request, or the earliest one left) carries what does not divide, so the shares always
 * add up to `total` exactly. No participants: nothing to split.
 */
export function splitFee(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? base + (total - base * n) : base));
}

/** What each participant but the first pays with `n` participants (paise). */
export const shareOf = (total: number, n: number) => (n <= 0 ? total : Math.floor(total / n));

export type StoredRunStatus = 'open' | 'accepted' | 'cancelled';

/** What the rules need to know of a run, as of one moment. */
export interface RunState {
  starterId: string;
  /** The day scholar who accepted it, if any. */
  delivererId: string | null;
  status: StoredRunStatus;
  cutoffAt: Date;
  deadline: Date;
  /** Live (not cancelled) requests in it. */
  participants: number;
}

/** Who is looking, and their part in the run. */
export interface RunViewer {
  id: string;
  role: Role | null;
  /** They have a live request in this run. */
  joined: boolean;
  /** They, and the starter or some participant, block one another. */
  blocked: boolean;
  /** The starter is suspended, or they and the viewer block one another. */
  starterHidden: boolean;
}

/**
 * Who may not see a run at all: anyone from whom its starter is hidden (suspended, or they and the
 * starter block one another), except a participant with a live request in it and its deliverer.
 * Every path (the lists, the run's page, joining, leaving, accepting) answers them 404 'Run not
 * found', as for a run that does not exist.
 */
export const hiddenFrom = (viewer: RunViewer, r: Pick<RunState, 'delivererId'>) =>
  viewer.starterHidden && !viewer.joined && r.delivererId !== viewer.id;

/** A refusal, or 'hidden' (404) and 'blocked' (403). */
export type RunRefusal = RunReason | 'blocked' | 'hidden';

/** Open with its cutoff passed: joining is over, a day scholar may still accept it. */
const isClosed = (r: Pick<RunState, 'status' | 'cutoffAt'>, now: Date) =>
  r.status === 'open' && r.cutoffAt.getTime() <= now.getTime();

/** The status as answered: 'closed' once an open run's cutoff has passed. */
export const shownStatus = (r: Pick<RunState, 'status' | 'cutoffAt'>, now: Date) =>
  isClosed(r, now) ? 'closed' : r.status;

/** Joining or leaving needs an open run before its cutoff. */
function openToChange(r: RunState, now: Date): RunReason | null {
  if (r.status !== 'open') return 'notOpen';
  return isClosed(r, now) ? 'cutoffPassed' : null;
}

/**
 * A hosteller joins an open run before its cutoff, once (one live request each), while it has room,
 * and not when they and the starter or a participant block one another ('blocked' is a 403).
 */
export function joinRefusal(viewer: RunViewer, r: RunState, now: Date): RunRefusal | null {
  if (hiddenFrom(viewer, r)) return 'hidden';
  if (viewer.joined) return 'alreadyJoined';
  const closed = openToChange(r, now);
  if (closed) return closed;
  if (r.participants >= RUN_LIMITS.participantsMax) return 'full';
  return viewer.blocked ? 'blocked' : null;
}

/**
 * A participant leaves an open run before its cutoff; the starter does not (they cancel their
 * request instead, which leaves the run to the others).
 */
export function leaveRefusal(viewer: RunViewer, r: RunState, now: Date): RunRefusal | null {
  if (hiddenFrom(viewer, r)) return 'hidden';
  if (!viewer.joined) return 'notJoined';
  if (viewer.id === r.starterId) return 'starterCannotLeave';
  return openToChange(r, now);
}

/**
 * A day scholar accepts an open run (its cutoff may have passed: accepting closes it) before its
 * deadline, with someone left in it, and not when they and a participant block one another. The
 * cap on active deliveries is left to the call.
 */
export function acceptRefusal(viewer: RunViewer, r: RunState, now: Date): RunRefusal | null {
  if (hiddenFrom(viewer, r)) return 'hidden';
  if (r.status === 'accepted') return 'taken';
  if (r.status !== 'open' || r.deadline.getTime() <= now.getTime() || r.participants === 0) return 'notOpen';
  return viewer.blocked ? 'blocked' : null;
}

/** What the viewer may do now, for the client's buttons. */
export function runCan(viewer: RunViewer, r: RunState, now: Date): RunCan {
  return {
    join: viewer.role === 'hosteller' && joinRefusal(viewer, r, now) === null,
    leave: viewer.role === 'hosteller' && leaveRefusal(viewer, r, now) === null,
    accept: viewer.role === 'dayscholar' && acceptRefusal(viewer, r, now) === null,
  };
}
