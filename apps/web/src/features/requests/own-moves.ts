import type { DeliveryRequest, RequestStatus } from '@campusrun/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '@/lib/auth';

/** Whose list a request is on: My Requests for its requester, My Deliveries for its deliverer. */
export type ListSide = 'requester' | 'deliverer';

/** A request the member's own action just moved from one status to another. */
interface OwnMove {
  memberId: string;
  side: ListSide;
  from: RequestStatus;
  to: RequestStatus;
}

/**
 * The last move not yet followed, and what the list that followed one says (until the member picks
 * another filter or leaves the list).
 */
interface State {
  move: OwnMove | null;
  said: { side: ListSide; text: string } | null;
}

const NONE: State = { move: null, said: null };
let state = NONE;
const listeners = new Set<() => void>();

function update(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * After the member's own action on a request succeeded (`before` as it was, `after` as the server
 * answered it): remembered when it changed the request's status, until that side's list follows it.
 * Changes made by others (live updates) never come here.
 */
export function noteOwnMove(before: DeliveryRequest, after: DeliveryRequest, side: ListSide) {
  if (before.status === after.status) return;
  const memberId = side === 'requester' ? before.requesterId : before.delivererId;
  if (!memberId) return;
  update({ move: { memberId, side, from: before.status, to: after.status } });
}

/** The filters of one list: which statuses each shows, where a status lives, and its name. */
export interface StatusFilters<F extends string> {
  holds: (filter: F, status: RequestStatus) => boolean;
  /** The filter a request of this status lives under on the list, or null when it leaves the list. */
  home: (status: RequestStatus) => F | null;
  label: (filter: F) => string;
}

/** What a list says when it followed a request: "Moved to Completed". */
const movedTo = (label: string) => `Moved to ${label}`;

/**
 * A list filtered by status follows the member's own request: when their action moved one out of the
 * filter shown (a status it holds to one it does not), the list switches to the filter that holds it
 * now (`follow`) and answers what to announce. A move is followed once, by the member who made it.
 * `dismiss` clears the announcement (the member picked a filter themselves).
 */
export function useFollowOwnMove<F extends string>(
  side: ListSide,
  current: F,
  filters: StatusFilters<F>,
  follow: (filter: F) => void,
): { announcement: string; dismiss: () => void } {
  const { user } = useAuth();
  const { move, said } = useSyncExternalStore(
    subscribe,
    () => state,
    // Nothing is moved on a page drawn on the server.
    () => NONE,
  );
  useEffect(() => {
    if (!move || move.side !== side || move.memberId !== user?.id) return;
    const target = filters.home(move.to);
    const left = filters.holds(current, move.from) && !filters.holds(current, move.to);
    if (!left || target === null) {
      update({ move: null });
      return;
    }
    follow(target);
    update({ move: null, said: { side, text: movedTo(filters.label(target)) } });
  }, [move, side, user?.id, current, filters, follow]);
  // Said once: a list opened again later starts without it.
  useEffect(() => () => dismiss(side), [side]);
  return { announcement: said?.side === side ? said.text : '', dismiss: () => dismiss(side) };
}

function dismiss(side: ListSide) {
  if (state.said?.side === side) update({ said: null });
}
