import { z } from 'zod';
import { ROLES } from '../constants';

/** The signed-in user's own view of their account (GET /auth/me). */
export const userSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  avatar: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  hostelBlock: z.string().nullable(),
  roomNumber: z.string().nullable(),
  isVerified: z.boolean(),
  isProfileComplete: z.boolean(),
  /** A campus moderator (a flag beside the role): sees the Moderation screen. */
  isModerator: z.boolean(),
  /** Their UPI ID (name@bank), shown to others only inside their settlements. */
  upiId: z.string().nullable(),
  /** Whether they have a password (a Google-only account has none): what deleting asks for. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What anyone signed in may see of another user (GET /users/{id}). */
export const publicUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(ROLES).nullable(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The short form of a user embedded in other objects. */
export const userRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export const publicUserResponseSchema = z.object({ user: publicUserSchema });
export const profileUpdateResponseSchema = z.object({ message: z.string(), user: userSchema });
