import { LIMITS } from '../constants';
import { DELETED_USER_NAME } from './account';

export const MESSAGES = {
  /** A signed-in user without a role or a complete profile, refused what only members may do. */
  profileIncomplete: 'Please complete your profile to continue.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordMax: `Password must be at most ${LIMITS.passwordMax} characters`,
  passwordsMismatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${LIMITS.nameMax} characters`,
  nameReserved: `"${DELETED_USER_NAME}" is reserved. Please choose another name`,
  phoneInvalid: 'Please enter a valid 10-digit phone number',
  roleRequired: 'Please choose Hosteller or Day Scholar',
  hostelBlockRequired: 'Hostel block is required for hostellers',
  roomNumberRequired: 'Room number is required for hostellers',
  hostelFieldTooLong: `Must be at most ${LIMITS.hostelFieldMax} characters`,
  otpRequired: 'Please enter the OTP',
  otpInvalid: 'The OTP is the 6-digit code from the email',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  nameCharacters: 'Name contains characters that are not allowed',
  passwordCharacters: 'Password contains characters that are not allowed',
  textCharacters: 'This text contains characters that are not allowed',
  /** Over a photo upload budget (products, chat, the profile photo); the limiter fills in `{seconds}`. */
  uploadsTooMany: 'Too many uploads. Please try again in {seconds} seconds.',
} as const;

/** The message of a field that holds characters its kind of text may not. */
export const charactersNotAllowed = (what: string) => `${what} contains characters that are not allowed`;

export const campusEmailMessage = (campusName: string) => `Only ${campusName} email addresses are allowed`;
