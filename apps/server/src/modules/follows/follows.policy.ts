import type { Role } from '@campusrun/shared';

/**
 * Who may follow whom. Pure: no I/O. The service refuses with it, and the presenter turns it into
 * `canFollow`, so the web shows Follow only where the server would take it.
 */

/** Why a member may not follow another. */
export type FollowRefusal = 'self' | 'notSeller' | 'blocked';

/** What the rule needs of the member to be followed. */
export interface FollowTargetState {
  id: string;
  role: Role | null;
  /** Either of the two blocks the other. */
  blocked: boolean;
}

/**
 * Nobody follows themselves; only a member who may sell (a hosteller) has listings to be told of;
 * and nobody follows across a block, whichever of the two made it.
 */
export function followRefusal(viewerId: string, target: FollowTargetState): FollowRefusal | null {
  if (target.id === viewerId) return 'self';
  if (target.blocked) return 'blocked';
  if (target.role !== 'hosteller') return 'notSeller';
  return null;
}
