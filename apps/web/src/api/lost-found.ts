import type {
  ClaimLostFoundBody,
  CreateLostFoundBody,
  LostFoundKind,
  LostFoundPost,
  ProductCategory,
} from '@campusrun/shared';
import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { resizePhoto } from '@/lib/resize-photo';
import * as endpoints from './endpoints/lostFound';
import { chatKeys } from './chat';

const PAGE_SIZE = 20;

/** The board's filters, in the URL and in GET /lost-found. Empty string: no filter. */
export interface LostFoundFilters {
  kind: LostFoundKind | '';
  search: string;
  category: ProductCategory | '';
}

const lostFoundKeys = {
  all: ['lost-found'] as const,
  lists: () => [...lostFoundKeys.all, 'list'] as const,
  list: (filters: LostFoundFilters) => [...lostFoundKeys.lists(), filters] as const,
  detail: (id: string) => [...lostFoundKeys.all, 'detail', id] as const,
  claims: (id: string) => [...lostFoundKeys.all, 'claims', id] as const,
  places: (q: string) => [...lostFoundKeys.all, 'places', q] as const,
};

type Pages = InfiniteData<{ posts: LostFoundPost[]; nextCursor: string | null }, string | undefined>;

/** GET /lost-found?kind&q&category&limit&cursor → { posts, nextCursor }: open ones, newest first. */
const postsQuery = (filters: LostFoundFilters) =>
  infiniteQueryOptions({
    queryKey: lostFoundKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      endpoints.list(
        {
          query: {
            ...(filters.kind && { kind: filters.kind }),
            ...(filters.search && { q: filters.search }),
            ...(filters.category && { category: filters.category }),
            limit: PAGE_SIZE,
            cursor: pageParam,
          },
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The board's pages; the previous results stay on screen while a new filter loads. */
export function useLostFoundPosts(filters: LostFoundFilters) {
  return useInfiniteQuery({ ...postsQuery(filters), placeholderData: keepPreviousData });
}

/** GET /lost-found/places?q → places named in earlier posts that contain the words, most used first. */
export function useLostFoundPlaces(q: string) {
  return useQuery<string[], Error, string[], ReturnType<typeof lostFoundKeys.places>>({
    queryKey: lostFoundKeys.places(q),
    queryFn: ({ signal }) =>
      endpoints.places({ query: q ? { q } : {} }, { signal }).then((body) => body.places),
    // The suggestions for the words before stay while the new ones load.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /lost-found/{id} → { post }; 404 when it is gone (or across a block, or held). */
const postQuery = (id: string) =>
  queryOptions({
    queryKey: lostFoundKeys.detail(id),
    queryFn: ({ signal }) => endpoints.get({ params: { id } }, { signal }).then((body) => body.post),
  });

/** The post as a list already on this device shows it, if one does. */
function listedPost(queryClient: QueryClient, id: string): LostFoundPost | undefined {
  for (const [, data] of queryClient.getQueriesData<Pages>({ queryKey: lostFoundKeys.lists() }))
    for (const page of data?.pages ?? []) {
      const found = page.posts.find((post) => post.id === id);
      if (found) return found;
    }
  return undefined;
}

/** A post's page data: one already seen in a list shows at once while its page loads. */
export function useLostFoundPost(id: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...postQuery(id), placeholderData: () => listedPost(queryClient, id) });
}

/** GET /lost-found/{id}/claims → the finder's view of the claims (only asked for by the finder). */
export function useLostFoundClaims(id: string) {
  return useQuery({
    queryKey: lostFoundKeys.claims(id),
    queryFn: ({ signal }) => endpoints.claims({ params: { id } }, { signal }).then((body) => body.claims),
  });
}

/** After a change: the post's page takes the returned copy, the lists refetch. */
function applyChange(queryClient: QueryClient, post: LostFoundPost) {
  queryClient.setQueryData(lostFoundKeys.detail(post.id), post);
  void queryClient.invalidateQueries({ queryKey: lostFoundKeys.lists() });
}

/** A post gone or changed meanwhile (404, 409): its page, its claims and the lists are read again. */
const refetchWhenStale = (queryClient: QueryClient) => (error: Error, id: string) => {
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
    void queryClient.invalidateQueries({ queryKey: lostFoundKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: lostFoundKeys.claims(id) });
    void queryClient.invalidateQueries({ queryKey: lostFoundKeys.lists() });
  }
};

/** POST /lost-found → 201 { post, message }; 400 with field errors, 429 for too many changes. */
export function useCreateLostFound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLostFoundBody) => endpoints.create({ body }),
    onSuccess: ({ post }) => {
      applyChange(queryClient, post);
      // A new place joins the suggestions.
      void queryClient.invalidateQueries({ queryKey: [...lostFoundKeys.all, 'places'] });
    },
  });
}

/** A poster's action on their own post, answering { post, message }; its claims are read again. */
function usePosterChange(call: (id: string) => Promise<{ post: LostFoundPost; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ post }) => {
      applyChange(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: lostFoundKeys.claims(post.id) });
    },
    onError: refetchWhenStale(queryClient),
  });
}

/** POST /lost-found/{id}/renew: open 30 more days from now. */
export const useRenewLostFound = () => usePosterChange((id) => endpoints.renew({ params: { id } }));

/** POST /lost-found/{id}/resolve: returned to its owner; it leaves the lists, its open claims close. */
export const useResolveLostFound = () => usePosterChange((id) => endpoints.resolve({ params: { id } }));

/** DELETE /lost-found/{id} → { message } (its poster). */
export function useDeleteLostFound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => endpoints.remove({ params: { id } }),
    onSuccess: (_answer, id) => {
      // Stale, not removed: the page still showing it leaves first; a later visit refetches (404).
      void queryClient.invalidateQueries({ queryKey: lostFoundKeys.detail(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: lostFoundKeys.lists() });
    },
  });
}

interface SetPhotosVariables {
  id: string;
  files: File[];
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /lost-found/{id}/photos, multipart with 1 to 3 `photos` files (each made smaller on this device
 * first) → { post, message }: the post's photos become these. 413 or 415 for a file the server will
 * not take, with its reason in the message.
 */
async function setPhotos({ id, files, onProgress }: SetPhotosVariables) {
  const form = new FormData();
  for (const file of files) {
    const photo = await resizePhoto(file);
    form.append('photos', photo, photo.name);
  }
  return endpoints.setPhotos({ params: { id }, body: form }, { onProgress });
}

export function useSetLostFoundPhotos() {
  const queryClient = useQueryClient();
  const whenStale = refetchWhenStale(queryClient);
  return useMutation({
    mutationFn: setPhotos,
    onSuccess: ({ post }) => applyChange(queryClient, post),
    onError: (error, { id }) => whenStale(error, id),
  });
}

/** DELETE /lost-found/{id}/photos → { post, message }. */
export const useRemoveLostFoundPhotos = () =>
  usePosterChange((id) => endpoints.removePhotos({ params: { id } }));

/**
 * POST /lost-found/{id}/claims { answer } → 201 { claim, message }: "That's mine". 409 when claimed
 * before, past the open-claims limit or no longer open; the post is read again either way.
 */
export function useClaimLostFound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ClaimLostFoundBody & { id: string }) =>
      endpoints.claim({ params: { id }, body }),
    onSuccess: (_answer, { id }) =>
      void queryClient.invalidateQueries({ queryKey: lostFoundKeys.detail(id) }),
    onError: (error, { id }) => refetchWhenStale(queryClient)(error, id),
  });
}

/** POST /lost-found/{id}/claims/{claimId}/withdraw → { claim, message } (the claimant). */
export function useWithdrawLostFoundClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, claimId }: { id: string; claimId: string }) =>
      endpoints.withdraw({ params: { id, claimId } }),
    onSuccess: ({ claim }, { id }) => {
      queryClient.setQueryData<LostFoundPost>(
        lostFoundKeys.detail(id),
        (post) => post && { ...post, myClaim: claim },
      );
      void queryClient.invalidateQueries({ queryKey: lostFoundKeys.detail(id) });
    },
    onError: (error, { id }) => refetchWhenStale(queryClient)(error, id),
  });
}

/**
 * POST /lost-found/{id}/claims/{claimId}/accept → { post, receiverId, message } (the finder): the post
 * is resolved and the chat with the owner holds the finder's first message, with the post as a card.
 */
export function useAcceptLostFoundClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, claimId }: { id: string; claimId: string }) =>
      endpoints.accept({ params: { id, claimId } }),
    onSuccess: ({ post, receiverId }) => {
      applyChange(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: lostFoundKeys.claims(post.id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(receiverId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
    onError: (error, { id }) => refetchWhenStale(queryClient)(error, id),
  });
}

/** A lost and found notice about a post: its page and its claims are read again. */
export function refreshLostFoundPost(queryClient: QueryClient, id: string) {
  void queryClient.invalidateQueries({ queryKey: lostFoundKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: lostFoundKeys.claims(id) });
}
