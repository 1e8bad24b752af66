import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, LIMITS, type LoginBody, type RegisterBody } from '@campusrun/shared';
import { AppError, badRequest, isUniqueViolation, unauthorized } from '../../lib/errors';
import type { AppContext } from '../../lib/app-context';
import { mailboxOf } from '../../lib/email-address';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { generateOtp, generateResetToken, hashCode, hashToken, sameHash } from '../../lib/tokens';
import { admit } from './auth.admission';
import { createCodeMailBudget } from './auth.mail-budget';
import * as repo from './auth.repo';
import { alreadyRegisteredMail, otpMail, resetMail } from './auth.mail';
import { presentSelf } from './auth.presenter';
import { announceSessionsRevoked, startSession } from './session.service';
import { bindUseCases } from '../../lib/use-cases';

/** Sign-ups of one address whose password a sign-in tries (the newest); bounds the hashing work. */
const LOGIN_PENDING_CHECKS = 5;
/** The longest back-off added to a sign-in at an account under attack. */
const MAX_LOGIN_BACKOFF_MS = 1000;
/** The window in which failed sign-ins are counted. */
const FAILURE_WINDOW_SECONDS = 15 * 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The named limiters of the account flows. */
function authLimits(ctx: Pick<AppContext, 'config' | 'limiter'>) {
  const { config } = ctx;
  return {
    /** Account calls per address: generous, a hostel's students sign up and in from one address. */
    ip: ctx.limiter('auth-ip', { points: config.rateLimits.auth, duration: 60 }),
    /**
     * Account calls per target (an e-mail address or a sign-up) from one address: bounds what one
     * address does to one account, while calls from elsewhere never lock its owner out.
     */
    target: ctx.limiter('auth-target', { points: config.rateLimits.authTarget, duration: 60 }),
    /** Failed sign-ins per account and IP: that IP is refused once they are spent, nobody else. */
    loginPair: ctx.limiter('login-pair', {
      points: config.rateLimits.authPerAccount,
      duration: FAILURE_WINDOW_SECONDS,
    }),
    /** Failed sign-ins per account from anywhere: they only slow every attempt down a little. */
    loginFailures: ctx.limiter('login-failures', { points: 1_000_000, duration: FAILURE_WINDOW_SECONDS }),
    forgotCooldown: ctx.limiter('forgot-cooldown', { points: 1, duration: 60 }),
    forgotHourly: ctx.limiter('forgot-hourly', { points: 5, duration: 3600 }),
  };
}

/** Counts one account call from `ip` at `target` (a mailbox or a sign-up id), per address and per pair. */
async function countCall(limits: ReturnType<typeof authLimits>, ip: string, target: string | undefined) {
  await limits.ip.consume(ip);
  if (target) await limits.target.consume(`${target}|${ip}`);
}

type Context = Pick<AppContext, 'db' | 'config' | 'log' | 'events' | 'jwt' | 'mailer' | 'limiter'>;

/** What every account flow works with. */
interface Deps extends Pick<AppContext, 'db' | 'config' | 'log' | 'events' | 'jwt'> {
  campus: { campusName: string; publicUrl: string };
  limits: ReturnType<typeof authLimits>;
  /** Sends mail without letting a mail failure leak into the answer (which could reveal an account). */
  deliver: (mail: Parameters<AppContext['mailer']['send']>[0]) => Promise<unknown>;
  /** Code mails: per sign-up, per network and per address (auth.mail-budget.ts). */
  codeMails: ReturnType<typeof createCodeMailBudget>;
}

/** Mails a new code for this sign-up; its previous code stops working. */
async function issueCode({ db, config, campus, deliver }: Deps, reg: repo.PendingRow) {
  const code = generateOtp();
  const expiresAt = new Date(Date.now() + LIMITS.otpTtlMinutes * 60_000);
  await repo.saveCode(db, reg.id, hashCode(config.jwtSecret, code), expiresAt);
  await deliver(otpMail(campus, reg.email, reg.name, code, LIMITS.otpTtlMinutes));
}

/**
 * The sign-up the client means: the one whose id it holds (from register or an unverified
 * sign-in), or else the address's only one. With several and no id nothing is chosen, so a code
 * never activates a sign-up that someone else submitted for the same address.
 */
async function findPending(db: AppContext['db'], email: string | undefined, userId: string | undefined) {
  if (userId) {
    const reg = await repo.findPendingById(db, userId);
    return reg && (!email || reg.email === mailboxOf(email)) ? reg : undefined;
  }
  if (!email) return undefined;
  const regs = await repo.listPendingByEmail(db, mailboxOf(email), 2);
  return regs.length === 1 ? regs[0] : undefined;
}

/** The sign-up of this address whose password this is, if any (as much hashing when none exists). */
async function pendingWithPassword(db: AppContext['db'], email: string, password: string) {
  const regs = await repo.listPendingByEmail(db, email, LOGIN_PENDING_CHECKS);
  if (regs.length === 0) {
    await verifyPassword(undefined, password);
    return undefined;
  }
  const matches = await Promise.all(regs.map((reg) => verifyPassword(reg.passwordHash, password)));
  return regs[matches.indexOf(true)];
}

/** The sign-up's mailed code can still be entered (not expired, tries left). */
const hasLiveCode = (reg: repo.PendingRow) =>
  !!reg.codeHash &&
  !!reg.codeExpiresAt &&
  reg.codeExpiresAt.getTime() > Date.now() &&
  reg.codeAttempts < LIMITS.otpMaxAttempts;

/**
 * Checks the code of the sign-up and activates it. With the sign-up's own ticket (only the browser
 * that submitted it was answered that secret) the new account is signed in on that browser too.
 */
async function checkCode(
  deps: Deps,
  reg: repo.PendingRow | undefined,
  code: string,
  ticket?: string,
  userAgent?: string,
): Promise<{ message: string; token?: string; user?: ReturnType<typeof presentSelf> }> {
  const { db, config } = deps;
  if (!reg) throw badRequest(AUTH_MESSAGES.otpInvalid);
  // The attempt is counted before the code is compared, so parallel guesses cannot pass the cap.
  const attempt = await repo.countCodeAttempt(db, reg.id, LIMITS.otpMaxAttempts);
  if (!attempt?.codeHash) {
    const now = await repo.findPendingById(db, reg.id);
    const locked =
      now?.codeExpiresAt &&
      now.codeExpiresAt.getTime() > Date.now() &&
      now.codeAttempts >= LIMITS.otpMaxAttempts;
    throw badRequest(locked ? AUTH_MESSAGES.otpLocked : AUTH_MESSAGES.otpInvalid);
  }
  // Made with the current key; one sent before the keys rotated still matches an older listed key.
  const { codeHash } = attempt;
  if (!config.jwtSecrets.some((secret) => sameHash(codeHash, hashCode(secret, code))))
    throw badRequest(
      attempt.attempts >= LIMITS.otpMaxAttempts ? AUTH_MESSAGES.otpLocked : AUTH_MESSAGES.otpInvalid,
    );
  let user: repo.UserRow | undefined;
  try {
    user = await repo.activatePending(db, reg.id);
  } catch (err) {
    // The address was taken by another sign-in at this very moment: the code can be tried again.
    if (isUniqueViolation(err)) throw badRequest(AUTH_MESSAGES.otpInvalid);
    throw err;
  }
  if (!user) throw badRequest(AUTH_MESSAGES.otpInvalid);
  // Activating over an existing account of the address retired that account's tokens.
  await announceSessionsRevoked(deps, user.id);
  if (!ticket || !reg.ticketHash || !sameHash(reg.ticketHash, hashToken(ticket)))
    return { message: AUTH_MESSAGES.verified };
  const admitted = await admit(deps, config, user);
  return {
    message: AUTH_MESSAGES.verified,
    token: await startSession(deps, admitted, userAgent),
    user: presentSelf(admitted),
  };
}

/** A short wait on every attempt at an account that many sign-ins failed for lately, from anywhere. */
async function backOff({ config, limits }: Deps, email: string) {
  const step = Math.floor((await limits.loginFailures.spent(email)) / config.rateLimits.authPerAccount);
  if (step > 0) await sleep(Math.min(MAX_LOGIN_BACKOFF_MS, 100 * 2 ** (step - 1)));
}

// Signing up and proving the address with the mailed code.

/** Signing up: the sign-up is kept apart, and its code mailed, until the code proves the address. */
async function register(deps: Deps, body: RegisterBody, ip: string) {
  const { db, campus, limits, deliver, codeMails } = deps;
  // A sub-address signs up as its mailbox: one account per mailbox.
  const email = mailboxOf(body.email);
  await countCall(limits, ip, email);
  // Every path does the same work and gives the same answer, so the form cannot tell who has an
  // account: the password is hashed and the same mail budgets spent whether or not it is known.
  const passwordHash = await hashPassword(body.password);
  const signUpId = randomUUID();
  // The ticket lets this browser sign in with the code; an address that has an account gets one
  // too (kept nowhere), so the answer looks the same.
  const ticket = randomBytes(32).toString('base64url');
  const mayMail = await codeMails.register(email, signUpId, ip);
  const existing = await repo.findUserByEmail(db, body.email);
  if (existing) {
    if (mayMail) await deliver(alreadyRegisteredMail(campus, existing.email, existing.name));
    return { message: AUTH_MESSAGES.registered, userId: signUpId, ticket };
  }
  // Each sign-up is kept apart with its own code, until that code activates exactly its details.
  const isHosteller = body.role === 'hosteller';
  const reg = await repo.insertPending(db, {
    id: signUpId,
    email,
    passwordHash,
    name: body.name,
    role: body.role,
    phoneNumber: body.phoneNumber,
    hostelBlock: isHosteller ? body.hostelBlock : null,
    roomNumber: isHosteller ? body.roomNumber : null,
    ticketHash: hashToken(ticket),
  });
  if (mayMail) await issueCode(deps, reg);
  return { message: AUTH_MESSAGES.registered, userId: reg.id, ticket };
}

/** Mails the sign-up's code again (a new one). */
async function sendOtp(deps: Deps, typed: string, ip: string, userId?: string) {
  const { limits, codeMails } = deps;
  const email = mailboxOf(typed);
  await countCall(limits, ip, email);
  // A resend for a named sign-up spends that sign-up's budget, never another's: someone who keeps
  // registering this address cannot hold back its owner's code.
  const mayMail = userId
    ? await codeMails.resendForSignUp(userId, email, ip, AUTH_MESSAGES.otpCooldown)
    : await codeMails.resendForAddress(email, ip, AUTH_MESSAGES.otpCooldown);
  const reg = await findPending(deps.db, email, userId);
  if (reg && (await mayMail())) await issueCode(deps, reg);
  return { message: AUTH_MESSAGES.otpSent };
}

/** Verifies a sign-up's code; with that sign-up's ticket it also signs in, as login does. */
async function verifyOtp(
  deps: Deps,
  input: { email: string; otp: string; userId?: string; ticket?: string },
  ip: string,
  userAgent?: string,
) {
  await countCall(deps.limits, ip, input.userId ?? mailboxOf(input.email));
  const reg = await findPending(deps.db, input.email, input.userId);
  // A ticket counts only for the sign-up named by id: never for one picked by address alone.
  return checkCode(deps, reg, input.otp, input.userId && input.ticket, userAgent);
}

async function verifyEmail(
  deps: Deps,
  input: { token: string; userId?: string; email?: string; ticket?: string },
  ip: string,
  userAgent?: string,
) {
  await countCall(deps.limits, ip, input.userId ?? (input.email ? mailboxOf(input.email) : undefined));
  const reg = await findPending(deps.db, input.email, input.userId);
  return checkCode(deps, reg, input.token, input.userId && input.ticket, userAgent);
}

// Signing in with a password, and the signed-in user's own account.

/** Signs in with a password: a new session for this device (named by its user agent). */
async function login(deps: Deps, body: LoginBody, ip: string, userAgent?: string) {
  const { db, config, limits, codeMails } = deps;
  const email = mailboxOf(body.email);
  await countCall(limits, ip, email);
  // Failures count per mailbox and IP: guesses from elsewhere never lock the owner out.
  const pair = `${email}|${ip}`;
  await limits.loginPair.check(pair);
  await backOff(deps, email);
  const user = await repo.findUserByEmail(db, body.email);
  if (user) {
    if ((await verifyPassword(user.passwordHash, body.password)) && user.isVerified) {
      await limits.loginPair.reset(pair);
      const admitted = await admit(deps, config, user);
      return { token: await startSession(deps, admitted, userAgent), user: presentSelf(admitted) };
    }
  } else {
    const reg = await pendingWithPassword(db, email, body.password);
    if (reg) {
      await limits.loginPair.reset(pair);
      // A code waits on the verification screen: the live one, or a fresh one unless the
      // sign-up's mail budget is spent.
      if (!hasLiveCode(reg) && (await codeMails.signIn(reg.id, reg.email, ip))) await issueCode(deps, reg);
      throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.notVerified, {
        isVerified: false,
        userId: reg.id,
      });
    }
  }
  await limits.loginPair.tryConsume(pair);
  await limits.loginFailures.tryConsume(email);
  throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.badCredentials);
}

/** The signed-in user's own account. */
async function me({ db }: Deps, userId: string) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthorized();
  return { user: presentSelf(user) };
}

// Forgotten passwords: the mailed link and the reset it allows.

/** Forgotten passwords: the mailed link (at most one a minute and five an hour per address). */
async function forgotPassword({ db, campus, limits, deliver, log }: Deps, typed: string, ip: string) {
  const email = mailboxOf(typed);
  await countCall(limits, ip, email);
  const send = async () => {
    if (!(await limits.forgotCooldown.tryConsume(email)) || !(await limits.forgotHourly.tryConsume(email)))
      return;
    const user = await repo.findUserByEmail(db, typed);
    if (!user) return;
    const { token, hash } = generateResetToken();
    await repo.saveResetToken(db, user.id, hash, new Date(Date.now() + LIMITS.resetTokenTtlMinutes * 60_000));
    await deliver(resetMail(campus, user.email, user.name, token));
  };
  // The answer is the same, and as fast, whether or not the account exists.
  void send().catch((err: unknown) => log.error({ err }, 'forgot-password failed'));
  return { message: AUTH_MESSAGES.forgotSent };
}

/** The reset a mailed link allows. */
async function resetPassword(deps: Deps, token: string, password: string, ip: string) {
  const { db, limits } = deps;
  // The link names its account only once used; each link works once.
  await countCall(limits, ip, undefined);
  const userId = await repo.useResetToken(db, hashToken(token));
  if (!userId) throw badRequest(AUTH_MESSAGES.resetInvalid);
  // Following the e-mailed link proves the mailbox, so the account counts as verified too.
  await repo.setPassword(db, userId, await hashPassword(password), true);
  await announceSessionsRevoked(deps, userId);
  return { message: AUTH_MESSAGES.resetDone };
}

/** The account flows: sign-up, e-mail codes, sign-in and password reset. */
export function createAuthService(ctx: Context) {
  const { db, config, mailer, log, events, jwt } = ctx;
  const deps: Deps = {
    db,
    config,
    log,
    events,
    jwt,
    campus: { campusName: config.campusName, publicUrl: config.publicUrl },
    limits: authLimits(ctx),
    deliver: (mail) =>
      // The subject may carry a code, so it stays out of the log.
      mailer.send(mail).catch((err: unknown) => log.error({ err }, 'mail delivery failed')),
    codeMails: createCodeMailBudget(ctx.limiter),
  };
  return bindUseCases(deps, {
    register,
    sendOtp,
    verifyOtp,
    verifyEmail,
    login,
    me,
    forgotPassword,
    resetPassword,
  });
}
export type AuthService = ReturnType<typeof createAuthService>;
