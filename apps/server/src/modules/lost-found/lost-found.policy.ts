/**
 * Who may claim a lost and found post. Pure: no I/O. The service refuses with it and the presenter
 * turns it into `can.claim`, so the web offers "That's mine" only where the server would take it.
 */

export type ClaimRefusal = 'own' | 'blocked' | 'notFound' | 'notOpen' | 'already';

export interface ClaimablePost {
  userId: string;
  kind: 'lost' | 'found';
  status: 'open' | 'resolved';
  expired: boolean;
  /** The viewer and the poster: either blocks the other. */
  blocked: boolean;
  /** The viewer's own claim of it, whatever its state. */
  myClaim: unknown;
}

/** Not one's own, not across a block, only an open found post, and once. */
export function claimRefusal(viewerId: string, post: ClaimablePost): ClaimRefusal | null {
  if (post.userId === viewerId) return 'own';
  if (post.blocked) return 'blocked';
  if (post.kind !== 'found') return 'notFound';
  if (post.status !== 'open' || post.expired) return 'notOpen';
  if (post.myClaim) return 'already';
  return null;
}

/** What a post shows: resolved (returned to its owner) first, then expired, else open. */
export const stateOf = (post: { status: 'open' | 'resolved'; expired: boolean }) =>
  post.status === 'resolved'
    ? ('resolved' as const)
    : post.expired
      ? ('expired' as const)
      : ('open' as const);
