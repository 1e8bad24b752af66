import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as endpoints from './endpoints/people';
import * as blocksApi from './endpoints/blocks';

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
