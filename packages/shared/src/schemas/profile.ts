import { z } from 'zod';
import { LIMITS } from '../constants';
import { MESSAGES, newPassword, optionalText, personName, phoneNumber, userText } from './common';
import { requireHostelFields, roleField } from './auth';
import { PRODUCT_IMAGE_ACCEPT, PRODUCT_IMAGE_TYPES, PRODUCT_MESSAGES } from './products';

/** PUT /users/profile. Hostel fields are required for hostellers; the server knows the role. */
export const profileUpdateSchema = z.object({
  name: personName,
  phoneNumber: phoneNumber(),
  hostelBlock: optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong, 'Hostel block'),
  roomNumber: optionalText(LIMITS.hostelFieldMax, MESSAGES.hostelFieldTooLong, 'Room number'),
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

/** PUT /users/avatar: one photo, re-encoded by the server to a square WebP. */
export const AVATAR_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 5 * 1024 * 1024,
  /** Side of the stored square, in pixels. */
  sizePx: 256,
  /** Decoded size limit (width × height), checked from the header before decoding. */
  maxPixels: 12_000_000,
} as const;

/** What the avatar file input accepts; the server checks the decoded image, not these labels. */
export const AVATAR_IMAGE_TYPES: readonly string[] = PRODUCT_IMAGE_TYPES;
export const AVATAR_ACCEPT = PRODUCT_IMAGE_ACCEPT;

/** User-visible texts of the profile photo (a damaged or unsupported file gets the product photo's). */
export const AVATAR_MESSAGES = {
  imageType: PRODUCT_MESSAGES.imageType,
  imageRequired: 'Choose a photo to upload',
  imageTooLarge: PRODUCT_MESSAGES.imageTooLarge,
  onlyOneImage: 'Upload one photo at a time',
  imagePixels: 'This photo has too many pixels (at most 12 megapixels). Please upload a smaller photo',
  updated: 'Profile photo updated',
  removed: 'Profile photo removed',
  uploadFailed: 'Could not update your photo. Please try again.',
  removeFailed: 'Could not remove your photo. Please try again.',
} as const;
