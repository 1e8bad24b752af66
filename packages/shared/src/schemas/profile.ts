import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES, newPassword, optionalText, personName, phoneNumber } from './common';

/** PUT /users/profile. Hostel fields are required for hostellers; the server knows the role. */
export const profileUpdateSchema = z.object({
  name: personName,
  phoneNumber: phoneNumber(),
  hostelBlock: optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong),
  roomNumber: optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateSchema>;

/** PUT /users/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(LIMITS.passwordMax, MESSAGES.passwordMax),
  newPassword: newPassword(MESSAGES.newPasswordRequired),
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired),
    newPassword: newPassword(MESSAGES.newPasswordRequired),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsMismatch,
  });
