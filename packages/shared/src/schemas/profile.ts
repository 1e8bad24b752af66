import { z } from 'zod';
import { LIMITS } from '../constants';
import { newPassword, optionalText, personName, phoneNumber, userText } from './common';
import { requireHostelFields, roleField } from './auth';
import { MESSAGES } from '../messages/common';
import { upiIdField } from './settlements';

/** PUT /users/profile. Hostel fields are required for hostellers; the server knows the role. */
export const profileUpdateSchema = z.object({
  name: personName,
  phoneNumber: phoneNumber(),
  hostelBlock: optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong, 'Hostel block'),
  roomNumber: optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong, 'Room number'),
  upiId: upiIdField,
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateSchema>;

/** PUT /users/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: userText('text', MESSAGES.passwordCharacters, { error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(LIMITS.passwordMax, MESSAGES.passwordMax),
  newPassword: newPassword(MESSAGES.newPasswordRequired),
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: userText('text', MESSAGES.passwordCharacters).min(1, MESSAGES.currentPasswordRequired),
    newPassword: newPassword(MESSAGES.newPasswordRequired),
    confirmPassword: userText('text', MESSAGES.passwordCharacters),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsMismatch,
  });

const COMPLETE_PROFILE_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must be 10 digits',
  hostelBlockRequired: 'Hostel block is required',
  roomNumberRequired: 'Room number is required',
} as const;

/** PUT /users/complete-google-profile, and the /complete-profile form. */
export const completeProfileSchema = z
  .object({
    role: roleField,
    phoneNumber: userText('line', COMPLETE_PROFILE_MESSAGES.phoneDigits, {
      error: COMPLETE_PROFILE_MESSAGES.phoneRequired,
    })
      .trim()
      .min(1, COMPLETE_PROFILE_MESSAGES.phoneRequired)
      .regex(/^\d{10}$/, COMPLETE_PROFILE_MESSAGES.phoneDigits),
    hostelBlock: optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong, 'Hostel block'),
    roomNumber: optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong, 'Room number'),
  })
  .superRefine((v, ctx) =>
    requireHostelFields(v, ctx, {
      block: COMPLETE_PROFILE_MESSAGES.hostelBlockRequired,
      room: COMPLETE_PROFILE_MESSAGES.roomNumberRequired,
    }),
  );
export type CompleteProfileBody = z.infer<typeof completeProfileSchema>;
