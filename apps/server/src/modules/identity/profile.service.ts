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
import type { Limiter } from '../../lib/rate-limit';
import { bindUseCases } from '../../lib/use-cases';
import * as repo from './auth.repo';
import { presentPublic, presentSelf } from './auth.presenter';
import { announceSessionsRevoked, announceUserUpdated, renewSession } from './session.service';

export const USER_NOT_FOUND = COMMON_MESSAGES.userNotFound;

type Context = Pick<AppContext, 'db' | 'config' | 'events' | 'jwt' | 'limiter'>;

/** What every profile use case works with. */
interface Deps extends Pick<AppContext, 'db' | 'events' | 'jwt'> {
  /** Wrong current passwords per account (the sign-in's per-account budget, 15 minutes). */
  passwordLimit: Limiter;
}

async function updateProfile(deps: Deps, actor: Actor, body: ProfileUpdateBody) {
  const isHosteller = actor.role === 'hosteller';
  if (isHosteller) {
    const errors: FieldError[] = [];
    if (!body.hostelBlock) errors.push({ param: 'hostelBlock', msg: MESSAGES.hostelBlockRequired });
    if (!body.roomNumber) errors.push({ param: 'roomNumber', msg: MESSAGES.roomNumberRequired });
    if (errors.length) throw badRequest(errors[0]!.msg, errors);
  }
  const user = await repo.updateUser(deps.db, actor.id, {
    name: body.name,
    phoneNumber: body.phoneNumber,
    hostelBlock: isHosteller ? body.hostelBlock : null,
    roomNumber: isHosteller ? body.roomNumber : null,
    // Absent: unchanged; blank or null: removed.
    ...(body.upiId !== undefined && { upiId: body.upiId }),
  });
  if (!user) throw unauthorized();
  await announceUserUpdated(deps, user.id);
  return { message: PROFILE_MESSAGES.updated, user: presentSelf(user) };
}

async function changePassword(deps: Deps, actor: Actor, body: ChangePasswordBody) {
  const { db, passwordLimit } = deps;
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
  const token = await renewSession(deps, updated, actor.sessionId);
  await announceSessionsRevoked(deps, updated.id);
  if (!token) throw unauthorized();
  return { message: PROFILE_MESSAGES.passwordChanged, token };
}

/** Role, phone and hostel for a Google account; only once, so the role cannot be changed later. */
async function completeGoogleProfile(deps: Deps, actor: Actor, body: CompleteProfileBody) {
  const isHosteller = body.role === 'hosteller';
  const user = await repo.completeProfile(deps.db, actor.id, {
    role: body.role,
    phoneNumber: body.phoneNumber,
    hostelBlock: isHosteller ? body.hostelBlock : null,
    roomNumber: isHosteller ? body.roomNumber : null,
  });
  if (!user) throw conflict(PROFILE_MESSAGES.alreadyComplete);
  await announceUserUpdated(deps, user.id);
  return { message: PROFILE_MESSAGES.completed, user: presentSelf(user) };
}

async function getPublicUser({ db }: Deps, id: string) {
  const user = await repo.findUserById(db, id);
  if (!user || !user.isVerified || user.deletedAt) throw notFound(USER_NOT_FOUND);
  return { user: presentPublic(user) };
}

/** The signed-in user's own profile and password, and other users' public cards. */
export function createProfileService(ctx: Context) {
  const { db, config, events, jwt } = ctx;
  const passwordLimit = ctx.limiter('change-password', {
    points: config.rateLimits.authPerAccount,
    duration: 15 * 60,
  });
  const deps: Deps = { db, events, jwt, passwordLimit };
  return bindUseCases(deps, { updateProfile, changePassword, completeGoogleProfile, getPublicUser });
}
export type ProfileService = ReturnType<typeof createProfileService>;
