import type { Role, User } from '@campusrun/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CompleteProfileBody {
  role: Role;
  phoneNumber: string;
  hostelBlock: string | null;
  roomNumber: string | null;
}

/** PUT /users/complete-google-profile → { user }. */
export const completeGoogleProfile = (body: CompleteProfileBody) =>
  api.put<{ user: User }>('/users/complete-google-profile', body);

export function useCompleteGoogleProfile() {
  return useMutation({ mutationFn: completeGoogleProfile });
}
