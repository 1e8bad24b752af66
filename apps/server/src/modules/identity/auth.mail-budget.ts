import ipaddr from 'ipaddr.js';
import { LIMITS } from '@campusrun/shared';
import type { AppContext } from '../../lib/app-context';

/**
 * How many sign-up mails (codes, and the "you already have an account" notice) may go out. Two pools
 * per address, so that registering someone's address over and over never spends what the mailbox
 * owner needs to finish their own sign-up:
 *
 * - a register call may mail the address once a minute and `registerPerHour` times an hour (the
 *   address's own cooldown, also used by a resend that names no sign-up);
 * - a resend for one sign-up (the code screen's Resend with the sign-up's id, or signing in with that
 *   sign-up's password) has the sign-up's own cooldown and `perSignUpPerHour`, and the address takes
 *   `resendPerHour` such mails an hour.
 *
 * From one network (an IPv4 address or an IPv6 /64) an address gets at most `perNetworkPerHour`. So
 * an address gets at most `registerPerHour + resendPerHour` mails an hour (see `perAddressPerHour`).
 */
const REGISTER_PER_HOUR = 5;
const RESEND_PER_HOUR = 15;
export const CODE_MAIL_BUDGET = {
  cooldownSeconds: LIMITS.otpResendCooldownSeconds,
  registerPerHour: REGISTER_PER_HOUR,
  resendPerHour: RESEND_PER_HOUR,
  perSignUpPerHour: 5,
  perNetworkPerHour: 5,
  /** The most sign-up mails one address gets in an hour, however many sign-ups and networks ask. */
  perAddressPerHour: REGISTER_PER_HOUR + RESEND_PER_HOUR,
} as const;

/** A client's network, as budgets count it: an IPv4 address, or the /64 an IPv6 address is in. */
export function networkOf(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // an IPv4-mapped address counts as its IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const { parts } = parsed as ipaddr.IPv6;
  return `${parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The code-mail budgets of the account flows; every limiter counts on every process. */
export function createCodeMailBudget(limiter: AppContext['limiter']) {
  const hour = 3600;
  const limits = {
    addressCooldown: limiter('code-address-cooldown', {
      points: 1,
      duration: CODE_MAIL_BUDGET.cooldownSeconds,
    }),
    addressRegister: limiter('code-address-register', {
      points: CODE_MAIL_BUDGET.registerPerHour,
      duration: hour,
    }),
    addressResend: limiter('code-address-resend', { points: CODE_MAIL_BUDGET.resendPerHour, duration: hour }),
    signUpCooldown: limiter('code-signup-cooldown', {
      points: 1,
      duration: CODE_MAIL_BUDGET.cooldownSeconds,
    }),
    signUpHourly: limiter('code-signup-hourly', {
      points: CODE_MAIL_BUDGET.perSignUpPerHour,
      duration: hour,
    }),
    network: limiter('code-network', { points: CODE_MAIL_BUDGET.perNetworkPerHour, duration: hour }),
  };
  const fromNetwork = (mailbox: string, ip: string) =>
    limits.network.tryConsume(`${networkOf(ip)}|${mailbox}`);

  return {
    /**
     * A register call: starts the cooldown of the sign-up it answers (`signUpId`, whether or not a
     * sign-up was stored) and answers whether the address may be mailed now. The same keys are spent
     * whatever the address's state, so the answer reveals nothing.
     */
    async register(mailbox: string, signUpId: string, ip: string) {
      const own =
        (await limits.signUpCooldown.tryConsume(signUpId)) &&
        (await limits.signUpHourly.tryConsume(signUpId));
      return (
        own &&
        (await limits.addressCooldown.tryConsume(mailbox)) &&
        (await limits.addressRegister.tryConsume(mailbox)) &&
        (await fromNetwork(mailbox, ip))
      );
    },

    /**
     * A resend that names no sign-up: the address's own cooldown and register pool (429 when spent,
     * for every address alike). Answers whether a sign-up it finds may be mailed.
     */
    async resendForAddress(mailbox: string, ip: string, cooldownMessage: string) {
      await limits.addressCooldown.consume(mailbox, cooldownMessage);
      await limits.addressRegister.consume(mailbox);
      return () => fromNetwork(mailbox, ip);
    },

    /**
     * A resend for the sign-up a client names: that sign-up's cooldown and hourly budget (429 when
     * spent, whether or not it exists). Answers whether it may be mailed once found: the address's
     * resend pool is only spent on a sign-up that exists, so nobody can spend it with made-up ids.
     */
    async resendForSignUp(signUpId: string, mailbox: string, ip: string, cooldownMessage: string) {
      await limits.signUpCooldown.consume(signUpId, cooldownMessage);
      await limits.signUpHourly.consume(signUpId);
      return async () => (await fromNetwork(mailbox, ip)) && (await limits.addressResend.tryConsume(mailbox));
    },

    /** A sign-in with an unverified sign-up's password: a fresh code for it when its budgets allow. */
    async signIn(signUpId: string, mailbox: string, ip: string) {
      return (
        (await limits.signUpCooldown.tryConsume(signUpId)) &&
        (await limits.signUpHourly.tryConsume(signUpId)) &&
        (await fromNetwork(mailbox, ip)) &&
        (await limits.addressResend.tryConsume(mailbox))
      );
    },
  };
}
