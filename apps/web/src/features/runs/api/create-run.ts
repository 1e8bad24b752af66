import type { CreateRunBody, Run } from '@campusrun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyRunChange } from './keys';

/**
 * POST /runs (hosteller) { pickupFrom, cutoffAt, deadline, totalFee, item } → 201 { run }; the times go
 * as ISO 8601 with Z. 400 with field errors (`item.itemName` and so on for the item's).
 */
export const createRun = (body: CreateRunBody) =>
  api
    .post<{ run: Run }>('/runs', {
      ...body,
      cutoffAt: body.cutoffAt.toISOString(),
      deadline: body.deadline.toISOString(),
    })
    .then((res) => res.run);

export function useCreateRun() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRun, onSuccess: (run) => applyRunChange(queryClient, run) });
}
