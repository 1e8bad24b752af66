import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /users/me/export → a JSON file of everything held about the signed-in user, with its name
 * (campusrun-data-YYYY-MM-DD.json). A few exports an hour; more are refused with 429 and a message.
 */
export const exportMyData = () => api.download('/users/me/export');

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
