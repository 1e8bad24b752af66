import type { CreateSavedSearchBody, SavedSearch, UpdateSavedSearchBody } from '@campusrun/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import * as endpoints from './endpoints/searches';
import { savedSearchKeys } from './cache';

/** GET /saved-searches → { searches }: the member's own, newest first, each with its new matches. */
const getSavedSearches = (signal?: AbortSignal) => endpoints.list({ signal }).then((body) => body.searches);

const savedSearchesQuery = () =>
  queryOptions({ queryKey: savedSearchKeys.list(), queryFn: ({ signal }) => getSavedSearches(signal) });

export function useSavedSearches() {
  return useQuery(savedSearchesQuery());
}

/** Changes the cached list in place (when it is cached); it is read again the next time it is shown. */
function editList(queryClient: QueryClient, edit: (list: SavedSearch[]) => SavedSearch[]) {
  queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.list(), (list) => list && edit(list));
  void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list(), refetchType: 'none' });
}

/** A search deleted meanwhile (on another device) answers 404: the list is read again without it. */
const refetchWhenGone = (queryClient: QueryClient) => (error: Error) => {
  if (error instanceof ApiError && error.status === 404)
    void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list() });
};

/** The server's newer copy of one saved search takes its place in the list. */
const putSearch = (queryClient: QueryClient, search: SavedSearch) =>
  editList(queryClient, (list) => list.map((s) => (s.id === search.id ? search : s)));

/**
 * POST /saved-searches { kind, name, filters } → 201 { search, message }. 400 with the name's field
 * error or the server's message (no words and no filter), 403 (requests: day scholars only), 409 or
 * 400 past the limit, 429 for too many changes.
 */
const createSavedSearch = (body: CreateSavedSearchBody) => endpoints.create({ body });

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: ({ search }) => editList(queryClient, (list) => [search, ...list]),
  });
}

/** PATCH /saved-searches/{id} { name } or { paused } → { search, message }. */
const updateSavedSearch = ({ id, ...body }: UpdateSavedSearchBody & { id: string }) =>
  endpoints.update({ params: { id }, body });

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onSuccess: ({ search }) => putSearch(queryClient, search),
    onError: refetchWhenGone(queryClient),
  });
}

/** POST /saved-searches/{id}/open → { search, message }: its new matches count from zero again. 404 when it is gone. */
const openSavedSearch = (id: string) => endpoints.open({ params: { id } });

export function useOpenSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openSavedSearch,
    onSuccess: ({ search }) => putSearch(queryClient, search),
    onError: refetchWhenGone(queryClient),
  });
}

/** DELETE /saved-searches/{id} → { message }. */
const deleteSavedSearch = (id: string) => endpoints.remove({ params: { id } });

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (_answer, id) => editList(queryClient, (list) => list.filter((s) => s.id !== id)),
    onError: refetchWhenGone(queryClient),
  });
}
