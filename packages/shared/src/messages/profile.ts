import { PRODUCT_IMAGE_ACCEPT, PRODUCT_IMAGE_TYPES, PRODUCT_MESSAGES } from './products';

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

/** What saving one's profile, completing it and changing the password answer. */
export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  completed: 'Profile completed successfully!',
  alreadyComplete: 'Your profile is already complete',
  passwordChanged: 'Password changed successfully',
  noPassword: 'Your account has no password yet. Use Forgot password to set one.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordUnchanged: 'The new password must be different from the current one',
} as const;
