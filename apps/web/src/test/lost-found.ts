import {
  LOST_FOUND_MESSAGES,
  type LostFoundClaim,
  type LostFoundPost,
  type Reliability,
  type User,
} from '@campusrun/shared';
import { http, HttpResponse } from 'msw';
import { userRef } from './chat';
import { dayscholar } from './fixtures';
import { api } from './server';

const DAY = 86_400_000;
let counter = 0;
const nextId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

/** A found phone, open, seen by another member who may claim it (override for other views). */
export function makeLostFound(overrides: Partial<LostFoundPost> = {}): LostFoundPost {
  return {
    id: nextId('1f0f0000'),
    kind: 'found',
    title: 'Black phone in a blue case',
    category: 'electronics',
    place: 'Library, 2nd floor',
    when: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    details: 'Left on a desk by the window.',
    question: 'What is the lock-screen picture?',
    state: 'open',
    expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    resolvedAt: null,
    photos: [],
    poster: userRef(dayscholar),
    myClaim: null,
    can: { claim: true, manage: false },
    ...overrides,
  };
}

/** The same post as its poster sees it: `manage`, and on a found post the answer expected. */
export function asPoster(post: LostFoundPost, poster: User, openClaims = 0): LostFoundPost {
  return {
    ...post,
    poster: userRef(poster),
    can: { claim: false, manage: true },
    ...(post.kind === 'found' && { answer: 'A sunset over the sea', openClaims }),
  };
}

/** A record with nothing completed and nothing held against them. */
const NEW_MEMBER: Reliability = {
  deliveriesCompleted: 0,
  requestsCompleted: 0,
  cancellationsAfterAcceptance: 0,
  deliveriesGivenUp: 0,
  disputesLost: 0,
  settlementsOverdue: 0,
  memberSince: '2026-08-01T10:00:00.000Z',
};

export function makeClaim(claimant: User, overrides: Partial<LostFoundClaim> = {}): LostFoundClaim {
  return {
    id: nextId('2c0f0000'),
    status: 'open',
    answer: 'A sunset over the sea',
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    claimant: userRef(claimant),
    reliability: NEW_MEMBER,
    ...overrides,
  };
}

/**
 * GET /lost-found answering `posts` (one page), each post's own page, no claims on any and no place
 * suggestions.
 */
export function lostFoundHandlers(posts: LostFoundPost[]) {
  return [
    http.get(api('/lost-found'), () => HttpResponse.json({ posts, nextCursor: null })),
    http.get(api('/lost-found/places'), () => HttpResponse.json({ places: [] })),
    http.get(api('/lost-found/:id/claims'), () => HttpResponse.json({ claims: [] })),
    http.get(api('/lost-found/:id'), ({ params }) => {
      const post = posts.find((p) => p.id === params.id);
      return post
        ? HttpResponse.json({ post })
        : HttpResponse.json({ message: LOST_FOUND_MESSAGES.notFound }, { status: 404 });
    }),
  ];
}
