import type { AnswerWantedBody, CreateWantedBody, WantedListResponse, WantedPost } from '@campusrun/shared';
import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { resizePhoto } from '@/lib/resize-photo';
import * as endpoints from './endpoints/wanted';
import { chatKeys } from './chat';
import { type WantedFilters, productKeys, wantedKeys } from './cache';

const WANTED_PAGE_SIZE = 20;

type Pages = InfiniteData<WantedListResponse, string | undefined>;

/** GET /wanted?search&category&posterId&limit&cursor → { posts, nextCursor }: open ones, newest first. */
const getWantedPosts = (
  query: Partial<WantedFilters> & { posterId?: string; cursor?: string },
  signal?: AbortSignal,
) => endpoints.list({ query: { ...query, limit: WANTED_PAGE_SIZE } }, { signal });

const wantedPostsQuery = (filters: WantedFilters) =>
  infiniteQueryOptions({
    queryKey: wantedKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getWantedPosts({ ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The Wanted tab's pages; the previous results stay on screen while a new filter loads. */
export function useWantedPosts(filters: WantedFilters) {
  return useInfiniteQuery({ ...wantedPostsQuery(filters), placeholderData: keepPreviousData });
}

const posterWantedQuery = (posterId: string) =>
  infiniteQueryOptions({
    queryKey: wantedKeys.poster(posterId),
    queryFn: ({ pageParam, signal }) => getWantedPosts({ posterId, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** One member's wanted posts (a profile's section): their own include the closed and expired. */
export function usePosterWanted(posterId: string) {
  return useInfiniteQuery(posterWantedQuery(posterId));
}

/** GET /wanted/{id} → { post }; 404 'Wanted post not found' (also across a block). */
const getWantedPost = (id: string, signal?: AbortSignal) =>
  endpoints.get({ params: { id } }, { signal }).then((body) => body.post);

const wantedPostQuery = (id: string) =>
  queryOptions({ queryKey: wantedKeys.detail(id), queryFn: ({ signal }) => getWantedPost(id, signal) });

/** The post as a list already on this device shows it, if one does. */
function listedPost(queryClient: QueryClient, id: string): WantedPost | undefined {
  for (const [, data] of queryClient.getQueriesData<Pages>({ queryKey: wantedKeys.lists() }))
    for (const page of data?.pages ?? []) {
      const found = page.posts.find((post) => post.id === id);
      if (found) return found;
    }
  return undefined;
}

/** A wanted post's page data: one already seen in a list shows at once while its page loads. */
export function useWantedPost(id: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...wantedPostQuery(id), placeholderData: () => listedPost(queryClient, id) });
}

/**
 * After the poster's own change: the post's page takes the returned copy, the lists refetch (the one
 * on screen now, the others when shown).
 */
function applyWantedChange(queryClient: QueryClient, post: WantedPost) {
  queryClient.setQueryData(wantedKeys.detail(post.id), post);
  void queryClient.invalidateQueries({ queryKey: wantedKeys.lists() });
}

/** A post gone meanwhile (deleted on another device) answers 404: its page and the lists are read again. */
const refetchWhenGone = (queryClient: QueryClient) => (error: Error, id: string) => {
  if (error instanceof ApiError && error.status === 404) {
    void queryClient.invalidateQueries({ queryKey: wantedKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: wantedKeys.lists() });
  }
};

/**
 * POST /wanted { title, details?, category, maxPrice } → 201 { post, message }. 400 with field
 * errors, 409 past 10 open posts (`WANTED_MESSAGES.tooMany`), 429 for too many changes.
 */
const createWanted = (body: CreateWantedBody) => endpoints.create({ body });

export function useCreateWanted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWanted,
    onSuccess: ({ post }) => applyWantedChange(queryClient, post),
  });
}

/** POST /wanted/{id}/renew → { post, message }: open 14 more days from now (the poster). */
const renewWanted = (id: string) => endpoints.renew({ params: { id } });

export function useRenewWanted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewWanted,
    onSuccess: ({ post }) => applyWantedChange(queryClient, post),
    onError: refetchWhenGone(queryClient),
  });
}

/** POST /wanted/{id}/close → { post, message }: it leaves every list (the poster). */
const closeWanted = (id: string) => endpoints.close({ params: { id } });

export function useCloseWanted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeWanted,
    onSuccess: ({ post }) => applyWantedChange(queryClient, post),
    onError: refetchWhenGone(queryClient),
  });
}

interface SetWantedPhotoVariables {
  id: string;
  file: File;
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /wanted/{id}/photo, multipart with one `photo` file (resized on this device first) →
 * { post, message }: adds or replaces the post's photo (the poster). 413 or 415 for a file the server
 * will not take, with its reason in the message.
 */
async function setWantedPhoto({ id, file, onProgress }: SetWantedPhotoVariables) {
  const photo = await resizePhoto(file);
  const form = new FormData();
  form.append('photo', photo, photo.name);
  return endpoints.setPhoto({ params: { id }, body: form }, { onProgress });
}

export function useSetWantedPhoto() {
  const queryClient = useQueryClient();
  const whenGone = refetchWhenGone(queryClient);
  return useMutation({
    mutationFn: setWantedPhoto,
    onSuccess: ({ post }) => applyWantedChange(queryClient, post),
    onError: (error, { id }) => whenGone(error, id),
  });
}

/** DELETE /wanted/{id}/photo → { post, message }: the post goes on without its photo (the poster). */
const removeWantedPhoto = (id: string) => endpoints.removePhoto({ params: { id } });

export function useRemoveWantedPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWantedPhoto,
    onSuccess: ({ post }) => applyWantedChange(queryClient, post),
    onError: refetchWhenGone(queryClient),
  });
}

/** DELETE /wanted/{id} → { message } (the poster). */
const deleteWanted = (id: string) => endpoints.remove({ params: { id } });

export function useDeleteWanted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWanted,
    onSuccess: (_answer, id) => {
      // Stale, not removed: the page still showing it leaves first; a later visit refetches (404).
      void queryClient.invalidateQueries({ queryKey: wantedKeys.detail(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: wantedKeys.lists() });
    },
  });
}

/**
 * POST /wanted/{id}/answer { content?, productId? } → { receiverId, message }: "I have one", a chat
 * message to the poster with the post as a card (and the linked listing's). 400 `productNotYours`
 * for a listing that is not the answerer's own and available; 409 when the post is no longer open.
 * The thread with the poster is read again when it opens.
 */
const answerWanted = ({ id, ...body }: AnswerWantedBody & { id: string }) =>
  endpoints.answer({ params: { id }, body });

export function useAnswerWanted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerWanted,
    onSuccess: ({ receiverId }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(receiverId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
    onError: (error, { id }) => {
      // The linked listing is no longer on sale: the choice is read again.
      if (error instanceof ApiError && error.status === 400)
        void queryClient.invalidateQueries({ queryKey: [...productKeys.all, 'available-of'] });
      // No longer open (closed or expired meanwhile): its page shows why "I have one" went.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404))
        void queryClient.invalidateQueries({ queryKey: wantedKeys.detail(id) });
    },
  });
}
