import { COMMON_MESSAGES } from '@campusrun/shared';
import type { FollowState, PublicProfile, Reliability } from '@campusrun/shared';
import type { Actor } from '../../lib/auth';
import type { AppContext } from '../../lib/app-context';
import { notFound } from '../../lib/errors';
import * as repo from './profiles.repo';
import { bindUseCases } from '../../lib/use-cases';

/** What a profile shows from other features (composed in the app). */
export interface ProfilesPorts {
  ratings: {
    profileRatings(
      userId: string,
    ): Promise<{ ratings: PublicProfile['ratings']; reviews: PublicProfile['reviews'] }>;
  };
  products: {
    list(
      actor: Actor,
      query: { sellerId: string; sort: 'recent'; limit: number; includeSold: false },
    ): Promise<{ products: PublicProfile['listings'] }>;
  };
  /** Whether the viewer follows them, how many do, and whether the viewer may follow them. */
  follows: { state(viewerId: string, userId: string): Promise<FollowState> };
}

export const PROFILE_NOT_FOUND = COMMON_MESSAGES.userNotFound;
/** Active listings shown on a profile. */
const PROFILE_LISTINGS = 12;

/** What a profile is read with: the database and the other features' reads. */
type Deps = Pick<AppContext, 'db'> & ProfilesPorts;

/** One member's public profile, as the actor sees it. */
async function profile(deps: Deps, actor: Actor, id: string): Promise<{ profile: PublicProfile }> {
  const { ratings, products, follows } = deps;
  const user = await repo.findProfile(deps.db, id);
  if (!user) throw notFound(PROFILE_NOT_FOUND);
  const [rated, listings, follow] = await Promise.all([
    ratings.profileRatings(id),
    products.list(actor, { sellerId: id, sort: 'recent', limit: PROFILE_LISTINGS, includeSold: false }),
    follows.state(actor.id, id),
  ]);
  const accepted = user.deliveriesCompleted + user.deliveriesGivenUp;
  return {
    profile: {
      id: user.id,
      name: user.name,
      avatar: user.avatar,
      role: user.role,
      memberSince: user.createdAt.toISOString(),
      ratings: rated.ratings,
      reviews: rated.reviews,
      stats: {
        deliveriesCompleted: user.deliveriesCompleted,
        requestsCompleted: user.requestsCompleted,
        itemsSold: user.itemsSold,
        deliveryCancellationRate:
          accepted === 0 ? null : Math.round((user.deliveriesGivenUp / accepted) * 100) / 100,
      },
      reliability: reliabilityOf(user),
      listings: listings.products,
      following: follow.following,
      followerCount: follow.followerCount,
      canFollow: follow.canFollow,
    },
  };
}

function reliabilityOf(user: NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>): Reliability {
  return {
    deliveriesCompleted: user.deliveriesCompleted,
    requestsCompleted: user.requestsCompleted,
    cancellationsAfterAcceptance: user.cancellationsAfterAcceptance,
    deliveriesGivenUp: user.deliveriesGivenUp,
    disputesLost: user.disputesLost,
    settlementsOverdue: user.settlementsOverdue,
    memberSince: user.createdAt.toISOString(),
  };
}

/**
 * A member's reliability record as their profile shows it, for another feature that presents them
 * (lost and found claims); undefined when there is no such member.
 */
async function reliability(deps: Deps, userId: string): Promise<Reliability | undefined> {
  const user = await repo.findProfile(deps.db, userId);
  return user ? reliabilityOf(user) : undefined;
}

/**
 * Public profiles: who someone is on campus (name, avatar, member since), how others rated them per
 * kind of dealing, what they have done, and what they sell now. Never the e-mail, phone or room.
 */
export function createProfilesService(ctx: Pick<AppContext, 'db'>, ports: ProfilesPorts) {
  const deps: Deps = { db: ctx.db, ...ports };
  return bindUseCases(deps, { profile, reliability });
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
