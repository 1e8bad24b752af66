import {
  MESSAGES,
  PROFILE_MESSAGES,
  type ChangePasswordBody,
  type CompleteProfileBody,
  type FieldError,
  type ProfileUpdateBody,
  COMMON_MESSAGES,
} from '@campusrun/shared';
import type { AppContext } from '../../lib/app-context';
import { badRequest, conflict, fieldError, notFound, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor } from '../../lib/auth';
import * as repo from './auth.repo';
import { presentPublic, presentSelf } from './auth.presenter';
import { announceSessionsRevoked, announceUserUpdated, renewSession } from './session.service';

export const USER_NOT_FOUND = COMMON_MESSAGES.userNotFound;

/** The signed-in user's own profile and password, and other users' public cards. */
export function createProfileService(ctx: AppContext) {
  const { db, config } = ctx;
  const passwordLimit = ctx.limiter('change-password', {
    points: config.rateLimits.authPerAccount,
    duration: 15 * 60,
  });

  return {
    async updateProfile(actor: Actor, body: ProfileUpdateBody) {
      const isHosteller = actor.role === 'hosteller';
      if (isHosteller) {
        const errors: FieldError[] = [];
        if (!body.hostelBlock) errors.push({ param: 'hostelBlock', msg: MESSAGES.hostelBlockRequired });
        if (!body.roomNumber) errors.push({ param: 'roomNumber', msg: MESSAGES.roomNumberRequired });
        if (errors.length) throw badRequest(errors[0]!.msg, errors);
      }
      const user = await repo.updateUser(db, actor.id, {
        name: body.name,
        phoneNumber: body.phoneNumber,
        hostelBlock: isHosteller ? body.hostelBlock : null,
        roomNumber: isHosteller ? body.roomNumber : null,
        // Absent: unchanged; blank or null: removed.
        ...(body.upiId !== undefined && { upiId: body.upiId }),
      });
      if (!user) throw unauthorized();
      await announceUserUpdated(ctx, user.id);
      return { message: PROFILE_MESSAGES.updated, user: presentSelf(user) };
    },

    async changePassword(actor: Actor, body: ChangePasswordBody) {
      await passwordLimit.consume(actor.id);
      const user = await repo.findUserById(db, actor.id);
      if (!user) throw unauthorized();
      if (!user.passwordHash) throw fieldError('currentPassword', PROFILE_MESSAGES.noPassword);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword)))
        throw fieldError('currentPassword', PROFILE_MESSAGES.currentPasswordWrong);
      if (body.currentPassword === body.newPassword)
        throw fieldError('newPassword', PROFILE_MESSAGES.passwordUnchanged);
      const updated = await repo.setPassword(db, user.id, await hashPassword(body.newPassword));
      if (!updated) throw unauthorized();
      await passwordLimit.reset(actor.id);
      // Every other session ends and every older token is revoked (their sockets close too); this
      // session continues with a fresh token, and its web client reconnects its socket with it.
      const token = await renewSession(ctx, updated, actor.sessionId);
      await announceSessionsRevoked(ctx, updated.id);
      if (!token) throw unauthorized();
      return { message: PROFILE_MESSAGES.passwordChanged, token };
    },

    /** Role, phone and hostel for a Google account; only once, so the role cannot be changed later. */
    async completeGoogleProfile(actor: Actor, body: CompleteProfileBody) {
      const isHosteller = body.role === 'hosteller';
      const user = await repo.completeProfile(db, actor.id, {
        role: body.role,
        phoneNumber: body.phoneNumber,
        hostelBlock: isHosteller ? body.hostelBlock : null,
        roomNumber: isHosteller ? body.roomNumber : null,
      });
      if (!user) throw conflict(PROFILE_MESSAGES.alreadyComplete);
      await announceUserUpdated(ctx, user.id);
      return { message: PROFILE_MESSAGES.completed, user: presentSelf(user) };
    },

    async getPublicUser(id: string) {
      const user = await repo.findUserById(db, id);
      if (!user || !user.isVerified || user.deletedAt) throw notFound(USER_NOT_FOUND);
      return { user: presentPublic(user) };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
