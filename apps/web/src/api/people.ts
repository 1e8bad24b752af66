import type { BlockedUsersResponse, BlockStateResponse } from '@campusrun/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import * as endpoints from './endpoints/people';

/** Who the signed-in user blocks: shown on the profile and deciding the chat's Block/Unblock. */
const blockKeys = { list: ['users', 'blocked'] as const };

export function useBlockedUsers() {
  return useQuery({
    queryKey: blockKeys.list,
    queryFn: ({ signal }) =>
      api.get<BlockedUsersResponse>('/users/blocked', { signal }).then((body) => body.users),
  });
}

/** Lists change for a blocker (the other's listings and conversation leave): read them again. */
const afterChange = (queryClient: QueryClient) => queryClient.invalidateQueries();

/** POST /users/{id}/block or DELETE it. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      blocked
        ? api.post<BlockStateResponse>(`/users/${encodeURIComponent(userId)}/block`)
        : api.delete<BlockStateResponse>(`/users/${encodeURIComponent(userId)}/block`),
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
