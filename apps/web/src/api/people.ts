import type { FollowListResponse, FollowState, PublicProfile } from '@campusrun/shared';
import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as endpoints from './endpoints/people';
import * as blocksApi from './endpoints/blocks';
import * as followsApi from './endpoints/follows';

/** Who the signed-in user blocks: shown on the profile and deciding the chat's Block/Unblock. */
const blockKeys = { list: ['users', 'blocked'] as const };

export function useBlockedUsers() {
  return useQuery({
    queryKey: blockKeys.list,
    queryFn: ({ signal }) => blocksApi.list({ signal }).then((body) => body.users),
  });
}

/** Lists change for a blocker (the other's listings and conversation leave): read them again. */
const afterChange = (queryClient: QueryClient) => queryClient.invalidateQueries();

/** POST /users/{id}/block or DELETE it. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      blocked ? blocksApi.block({ params: { id: userId } }) : blocksApi.unblock({ params: { id: userId } }),
    onSuccess: () => afterChange(queryClient),
  });
}

const peopleKeys = { detail: (id: string) => ['users', 'profile', id] as const };

/** GET /users/{id}/profile → { profile }. */
export function usePublicProfile(id: string) {
  return useQuery({
    queryKey: peopleKeys.detail(id),
    queryFn: ({ signal }) => endpoints.profile({ params: { id } }, { signal }).then((b) => b.profile),
  });
}

/** Following sellers: the state of one member for the viewer, and the viewer's two lists. */
const followKeys = {
  state: (id: string) => ['users', 'follow', id] as const,
  lists: ['users', 'follows'] as const,
  list: (side: FollowSide) => [...followKeys.lists, side] as const,
};

/** GET /users/{id}/follow → { follow }: whether the viewer follows them, how many do, whether they may. */
export function useFollowState(userId: string) {
  return useQuery({
    queryKey: followKeys.state(userId),
    queryFn: ({ signal }) => followsApi.state({ params: { id: userId } }, { signal }).then((b) => b.follow),
  });
}

/** Writes a follow state into every cached place that shows it: the state itself and the profile. */
function putFollowState(queryClient: QueryClient, userId: string, state: FollowState) {
  queryClient.setQueryData<FollowState>(followKeys.state(userId), state);
  queryClient.setQueryData<PublicProfile>(peopleKeys.detail(userId), (profile) =>
    profile ? { ...profile, ...state } : profile,
  );
}

/** The state before a change, from whichever cached place has it. */
const cachedFollowState = (queryClient: QueryClient, userId: string): FollowState | undefined => {
  const state = queryClient.getQueryData<FollowState>(followKeys.state(userId));
  if (state) return state;
  const profile = queryClient.getQueryData<PublicProfile>(peopleKeys.detail(userId));
  return profile
    ? { following: profile.following, followerCount: profile.followerCount, canFollow: profile.canFollow }
    : undefined;
};

type FollowPages = InfiniteData<FollowListResponse, string>;

/** The pages of a follow list without one member (and its total one less). */
function withoutUser(data: FollowPages, userId: string): FollowPages {
  if (!data.pages.some((page) => page.users.some((u) => u.id === userId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      users: page.users.filter((u) => u.id !== userId),
      total: Math.max(0, page.total - 1),
    })),
  };
}

/**
 * PUT /users/{id}/follow or DELETE it → { follow, message }. Shown at once (the button and the
 * count), put back as it was when the server refuses, and the server's answer written over both.
 */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: string; follow: boolean }) =>
      follow
        ? followsApi.follow({ params: { id: userId } })
        : followsApi.unfollow({ params: { id: userId } }),
    onMutate: async ({ userId, follow }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: followKeys.state(userId) }),
        queryClient.cancelQueries({ queryKey: peopleKeys.detail(userId) }),
        queryClient.cancelQueries({ queryKey: followKeys.list('following') }),
      ]);
      const before = cachedFollowState(queryClient, userId);
      if (before && before.following !== follow)
        putFollowState(queryClient, userId, {
          ...before,
          following: follow,
          followerCount: Math.max(0, before.followerCount + (follow ? 1 : -1)),
        });
      // Unfollowed from the Following list: the row leaves at once.
      const listBefore = queryClient.getQueryData<FollowPages>(followKeys.list('following'));
      if (!follow && listBefore)
        queryClient.setQueryData<FollowPages>(followKeys.list('following'), withoutUser(listBefore, userId));
      return { before, listBefore };
    },
    onError: (_error, { userId }, context) => {
      if (context?.before) putFollowState(queryClient, userId, context.before);
      if (context?.listBefore) queryClient.setQueryData(followKeys.list('following'), context.listBefore);
    },
    onSuccess: (answer, { userId }) => putFollowState(queryClient, userId, answer.follow),
    onSettled: () => queryClient.invalidateQueries({ queryKey: followKeys.lists }),
  });
}

export type FollowSide = 'following' | 'followers';

/** GET /users/following or /users/followers?limit&cursor → { users, total, nextCursor }. */
const followListQuery = (side: FollowSide) =>
  infiniteQueryOptions({
    queryKey: followKeys.list(side),
    queryFn: ({ pageParam, signal }) =>
      followsApi[side]({ query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Whom the viewer follows, or who follows them (only ever their own), newest first. */
export function useFollowList(side: FollowSide) {
  return useInfiniteQuery(followListQuery(side));
}
