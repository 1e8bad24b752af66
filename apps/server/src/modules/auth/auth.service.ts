import { randomUUID } from 'node:crypto';
import { LIMITS, type LoginBody, type RegisterBody } from '@campusrun/shared';
import { AppError, badRequest, isUniqueViolation, unauthorized } from '../../lib/errors';
import type { AppContext } from '../../lib/context';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { generateOtp, generateResetToken, hashCode, hashToken } from '../../lib/tokens';
import * as repo from './auth.repo';
import { alreadyRegisteredMail, otpMail, resetMail } from './auth.mail';
import { presentSelf } from './auth.presenter';
import { announceSessionsRevoked } from './session.service';

export const AUTH_MESSAGES = {
  registered: 'Registration successful. Please check your email for the verification code.',
  otpSent: 'OTP sent successfully',
  otpCooldown: 'Please wait {seconds} seconds before requesting a new OTP.',
  otpInvalid: 'Invalid or expired OTP. Please check the code or request a new one.',
  otpLocked: 'Too many wrong attempts. Please request a new OTP.',
  verified: 'Email verified successfully!',
  badCredentials: 'Invalid email or password',
  notVerified: 'Your email is not verified. Please verify your email.',
  forgotSent: 'If an account exists for that email, password reset instructions have been sent.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Password reset successful! You can now sign in.',
} as const;

/** The account flows: sign-up, e-mail codes, sign-in and password reset. */
export function createAuthService(ctx: AppContext) {
  const { db, config, mailer, jwt, log } = ctx;
  const campus = { campusName: config.campusName, publicUrl: config.publicUrl };
  const limits = {
    ip: ctx.limiter('auth-ip', { points: config.rateLimits.auth, duration: 60 }),
    loginAccount: ctx.limiter('login-account', {
      points: config.rateLimits.authPerAccount,
      duration: 15 * 60,
    }),
    otpCooldown: ctx.limiter('otp-cooldown', { points: 1, duration: LIMITS.otpResendCooldownSeconds }),
    otpHourly: ctx.limiter('otp-hourly', { points: 10, duration: 3600 }),
    verifyAccount: ctx.limiter('otp-verify-account', {
      points: config.rateLimits.authPerAccount * 2,
      duration: 15 * 60,
    }),
    forgotCooldown: ctx.limiter('forgot-cooldown', { points: 1, duration: 60 }),
    forgotHourly: ctx.limiter('forgot-hourly', { points: 5, duration: 3600 }),
  };

  /** Sends mail without letting a mail failure leak into the answer (which could reveal an account). */
  const deliver = (mail: Parameters<typeof mailer.send>[0]) =>
    mailer
      .send(mail)
      .catch((err: unknown) => log.error({ err, subject: mail.subject }, 'mail delivery failed'));

  async function issueCode(user: repo.UserRow) {
    const code = generateOtp();
    const expiresAt = new Date(Date.now() + LIMITS.otpTtlMinutes * 60_000);
    await repo.saveEmailCode(db, user.id, hashCode(config.jwtSecret, code), expiresAt);
    await deliver(otpMail(campus, user.email, user.name, code, LIMITS.otpTtlMinutes));
  }

  const issueToken = (user: repo.UserRow) => jwt.sign({ sub: user.id, tv: user.tokenVersion });

  async function checkCode(user: repo.UserRow | undefined, code: string) {
    if (!user || user.isVerified) throw badRequest(AUTH_MESSAGES.otpInvalid);
    await limits.verifyAccount.consume(user.id);
    const stored = await repo.findEmailCode(db, user.id);
    if (!stored || stored.expiresAt.getTime() <= Date.now()) throw badRequest(AUTH_MESSAGES.otpInvalid);
    if (stored.attempts >= LIMITS.otpMaxAttempts) throw badRequest(AUTH_MESSAGES.otpLocked);
    if (stored.codeHash !== hashCode(config.jwtSecret, code)) {
      const attempts = await repo.countWrongAttempt(db, stored.id);
      if (attempts >= LIMITS.otpMaxAttempts) {
        await repo.deleteEmailCode(db, stored.id);
        throw badRequest(AUTH_MESSAGES.otpLocked);
      }
      throw badRequest(AUTH_MESSAGES.otpInvalid);
    }
    if (!(await repo.consumeCodeAndVerify(db, stored.id, user.id)))
      throw badRequest(AUTH_MESSAGES.otpInvalid);
    return { message: AUTH_MESSAGES.verified };
  }

  return {
    async register(body: RegisterBody, ip: string) {
      await limits.ip.consume(ip);
      const existing = await repo.findUserByEmail(db, body.email);
      if (existing) {
        // Answer exactly as for a new account, so the form cannot be used to find out who has one.
        if (!existing.isVerified) {
          if (await limits.otpCooldown.tryConsume(body.email)) await issueCode(existing);
        } else {
          await deliver(alreadyRegisteredMail(campus, existing.email, existing.name));
        }
        return { message: AUTH_MESSAGES.registered, userId: randomUUID() };
      }
      const isHosteller = body.role === 'hosteller';
      let user: repo.UserRow;
      try {
        user = await repo.insertUser(db, {
          name: body.name,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          role: body.role,
          phoneNumber: body.phoneNumber,
          hostelBlock: isHosteller ? body.hostelBlock : null,
          roomNumber: isHosteller ? body.roomNumber : null,
          isVerified: false,
          isProfileComplete: true,
        });
      } catch (err) {
        if (isUniqueViolation(err)) return { message: AUTH_MESSAGES.registered, userId: randomUUID() };
        throw err;
      }
      await limits.otpCooldown.tryConsume(body.email);
      await issueCode(user);
      return { message: AUTH_MESSAGES.registered, userId: user.id };
    },

    async sendOtp(email: string, ip: string) {
      await limits.ip.consume(ip);
      await limits.otpCooldown.consume(email, AUTH_MESSAGES.otpCooldown);
      await limits.otpHourly.consume(email);
      const user = await repo.findUserByEmail(db, email);
      if (user && !user.isVerified) await issueCode(user);
      return { message: AUTH_MESSAGES.otpSent };
    },

    async verifyOtp(email: string, otp: string, ip: string) {
      await limits.ip.consume(ip);
      return checkCode(await repo.findUserByEmail(db, email), otp);
    },

    async verifyEmail(input: { token: string; userId?: string; email?: string }, ip: string) {
      await limits.ip.consume(ip);
      const user = input.email
        ? await repo.findUserByEmail(db, input.email)
        : await repo.findUserById(db, input.userId!);
      return checkCode(user, input.token);
    },

    async login(body: LoginBody, ip: string) {
      await limits.ip.consume(ip);
      await limits.loginAccount.consume(body.email);
      const user = await repo.findUserByEmail(db, body.email);
      const ok = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !ok) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.badCredentials);
      await limits.loginAccount.reset(body.email);
      if (!user.isVerified) {
        // A fresh code waits for them on the verification screen, unless one was sent a moment ago.
        if (await limits.otpCooldown.tryConsume(user.email)) await issueCode(user);
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_MESSAGES.notVerified, {
          isVerified: false,
          userId: user.id,
        });
      }
      return { token: await issueToken(user), user: presentSelf(user) };
    },

    async forgotPassword(email: string, ip: string) {
      await limits.ip.consume(ip);
      const send = async () => {
        if (
          !(await limits.forgotCooldown.tryConsume(email)) ||
          !(await limits.forgotHourly.tryConsume(email))
        )
          return;
        const user = await repo.findUserByEmail(db, email);
        if (!user) return;
        const { token, hash } = generateResetToken();
        await repo.saveResetToken(
          db,
          user.id,
          hash,
          new Date(Date.now() + LIMITS.resetTokenTtlMinutes * 60_000),
        );
        await deliver(resetMail(campus, user.email, user.name, token));
      };
      // The answer is the same, and as fast, whether or not the account exists.
      void send().catch((err: unknown) => log.error({ err }, 'forgot-password failed'));
      return { message: AUTH_MESSAGES.forgotSent };
    },

    async resetPassword(token: string, password: string, ip: string) {
      await limits.ip.consume(ip);
      const userId = await repo.useResetToken(db, hashToken(token));
      if (!userId) throw badRequest(AUTH_MESSAGES.resetInvalid);
      // Following the e-mailed link proves the mailbox, so the account counts as verified too.
      await repo.setPassword(db, userId, await hashPassword(password), true);
      await announceSessionsRevoked(ctx, userId);
      return { message: AUTH_MESSAGES.resetDone };
    },

    async me(userId: string) {
      const user = await repo.findUserById(db, userId);
      if (!user) throw unauthorized();
      return { user: presentSelf(user) };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
