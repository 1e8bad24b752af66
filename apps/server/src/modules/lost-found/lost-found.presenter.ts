import type { LostFoundClaim, LostFoundClaimStatus, LostFoundPost, Reliability } from '@campusrun/shared';
import { claimRefusal, stateOf } from './lost-found.policy';
import type { PostRow } from './lost-found.repo';

/**
 * A post as `viewerId` sees it. The one place that decides what leaves the server: the answer a
 * finder expects goes to the finder alone, and so does the count of open claims.
 */
export function presentPost(
  photoUrl: (key: string) => string,
  viewerId: string,
  row: PostRow,
): LostFoundPost {
  const own = row.userId === viewerId;
  const myClaim = row.myClaim as { id: string; status: LostFoundClaimStatus } | null;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    category: row.category,
    place: row.place,
    when: row.happenedAt,
    details: row.details,
    question: row.question,
    ...(own && row.answer !== null && { answer: row.answer }),
    state: stateOf(row),
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    // Private uploads: signed links, as chat photos are.
    photos: row.photos.map((photo) => ({ url: photoUrl(photo.path), thumbnail: photoUrl(photo.thumbPath) })),
    poster: { id: row.userId, name: row.posterName, avatar: row.posterAvatar },
    myClaim: myClaim ? { id: myClaim.id, status: myClaim.status } : null,
    ...(own && { openClaims: row.openClaims }),
    can: { claim: claimRefusal(viewerId, row) === null, manage: own },
  };
}

/** A claim as its finder sees it. */
export const presentClaim = (
  row: {
    id: string;
    status: LostFoundClaimStatus;
    answer: string;
    createdAt: string;
    claimantId: string;
    claimantName: string;
    claimantAvatar: string | null;
  },
  reliability: Reliability,
): LostFoundClaim => ({
  id: row.id,
  status: row.status,
  answer: row.answer,
  createdAt: row.createdAt,
  claimant: { id: row.claimantId, name: row.claimantName, avatar: row.claimantAvatar },
  reliability,
});
