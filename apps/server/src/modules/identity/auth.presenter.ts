import type { PublicUser, User } from '@campusrun/shared';
import type { UserRow } from './auth.repo';

/** The signed-in user's own account: never the password hash or token version. */
export const presentSelf = (u: UserRow): User => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  avatar: u.avatar,
  phoneNumber: u.phoneNumber,
  hostelBlock: u.hostelBlock,
  roomNumber: u.roomNumber,
  isVerified: u.isVerified,
  isProfileComplete: u.isProfileComplete,
  isModerator: u.isModerator,
  upiId: u.upiId,
  hasPassword: u.passwordHash !== null,
  createdAt: u.createdAt.toISOString(),
});

/** What other users may see: no e-mail, phone or room. */
export const presentPublic = (u: UserRow): PublicUser => ({
  id: u.id,
  name: u.name,
  role: u.role,
  avatar: u.avatar,
  createdAt: u.createdAt.toISOString(),
});
