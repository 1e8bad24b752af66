import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { LIMITS } from '@campusrun/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { ConfigError, loadConfig, type Config } from '../../config';
import type * as Passwords from '../../lib/passwords';
import { hashPassword } from '../../lib/passwords';
import type * as Tokens from '../../lib/tokens';
import { hashCode } from '../../lib/tokens';
import { buildTestApp, createTestDatabase, testConfig, type TestApp } from '../../test/build-test-app';
import { DEFAULT_PASSWORD, createUser, uniqueEmail } from '../../test/factories';
import { CODE_MAIL_BUDGET } from './auth.mail-budget';

// Counted, not timed: how often a password is hashed and a code compared.
vi.mock('../../lib/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});
vi.mock('../../lib/tokens', async (importOriginal) => {
  const actual = await importOriginal<typeof Tokens>();
  return { ...actual, hashCode: vi.fn(actual.hashCode) };
});

// The clock of the rate limits moves on when a test says so (cooldowns without waiting).
const realNow = Date.now.bind(Date);
let skew = 0;
const passCooldown = () => (skew += (LIMITS.otpResendCooldownSeconds + 1) * 1000);
const wait = (seconds: number) => (skew += seconds * 1000);
beforeAll(() => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
});

const STUDENT = { name: 'Asha Rao', password: 'student-own-pass-1', role: 'hosteller' } as const;
const ATTACKER = { name: 'Mallory Mole', password: 'attacker-pass-66', role: 'dayscholar' } as const;
type Person = typeof STUDENT | typeof ATTACKER;

const signUp = (person: Person, email: string) => ({
  name: person.name,
  email,
  password: person.password,
  phoneNumber: person === STUDENT ? '9876543210' : '9000000666',
  role: person.role,
  ...(person.role === 'hosteller' ? { hostelBlock: 'Block A', roomNumber: '204' } : {}),
});

function client(t: () => TestApp) {
  const post = (url: string, payload: object, ip = '127.0.0.1') =>
    t().app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });
  return {
    post,
    register: (person: Person, email: string) => post('/auth/register', signUp(person, email)),
    login: (email: string, password: string, ip?: string) => post('/auth/login', { email, password }, ip),
    /** The newest code mailed to `email` for the sign-up made in `person`'s name. */
    async codeFor(email: string, person: Person) {
      const mails = t()
        .smtp.find(email, /verification code/)
        .filter((m) => m.body.includes(`Hi ${person.name},`));
      const mail = mails.at(-1);
      if (!mail) throw new Error(`no code mailed for ${person.name}`);
      return /verification code: (\d{6})/.exec(mail.subject)![1]!;
    },
  };
}

/** Listed in MODERATOR_EMAILS with a sub-address: its mailbox's account becomes a moderator. */
const MODERATOR_MAILBOX = 'warden.office@example.edu';

describe('account flows under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ moderatorEmails: ['warden.office+campusrun@example.edu'] });
  });
  afterAll(() => t.close());
  const { post, register, login, codeFor } = client(() => t);

  async function expectOnlyTheStudentSignsIn(email: string) {
    const student = await login(email, STUDENT.password);
    expect(student.statusCode).toBe(200);
    expect(student.json().user).toMatchObject({
      name: STUDENT.name,
      role: STUDENT.role,
      phoneNumber: '9876543210',
      hostelBlock: 'Block A',
      isVerified: true,
    });
    expect((await login(email, ATTACKER.password)).statusCode).toBe(401);
  }

  it("pre-registration account takeover: the attacker's password never works and the student's does (attacker first)", async () => {
    const email = uniqueEmail('victim');
    const attacker = await register(ATTACKER, email);
    expect(attacker.statusCode).toBe(201);
    const student = await register(STUDENT, email);
    expect(student.statusCode).toBe(201);
    expect(student.json().message).toBe(attacker.json().message);

    // The student's screen asks for a code for the sign-up it holds.
    passCooldown();
    const studentId = student.json().userId as string;
    expect((await post('/auth/send-otp', { email, userId: studentId })).statusCode).toBe(200);
    // The student types the newest code in their mailbox.
    const otp = await t.smtp.latestCode(email, 2);
    expect((await post('/auth/verify-otp', { email, otp, userId: studentId })).statusCode).toBe(200);
    await expectOnlyTheStudentSignsIn(email);

    // The attacker's own code and a later sign-up change nothing.
    const attackerCode = await codeFor(email, ATTACKER);
    const late = await post('/auth/verify-otp', {
      email,
      otp: attackerCode,
      userId: attacker.json().userId,
    });
    expect(late.statusCode).toBe(400);
    passCooldown();
    expect((await register(ATTACKER, email)).statusCode).toBe(201);
    await expectOnlyTheStudentSignsIn(email);
  });

  it("pre-registration account takeover: a sign-up made before the address got its account never replaces that account's password", async () => {
    const email = uniqueEmail('victim');
    const attacker = await register(ATTACKER, email);
    expect(attacker.statusCode).toBe(201);
    // Meanwhile the student gets the account another way (as through Google sign-in).
    await createUser(t.db, { email, name: STUDENT.name });
    const code = await codeFor(email, ATTACKER);
    const late = await post('/auth/verify-otp', { email, otp: code, userId: attacker.json().userId });
    expect(late.statusCode).toBe(400);
    expect((await login(email, ATTACKER.password)).statusCode).toBe(401);
    const owner = await login(email, DEFAULT_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.name).toBe(STUDENT.name);
  });

  it("pre-registration account takeover: the attacker's password never works and the student's does (attacker registers and resends after the student)", async () => {
    const email = uniqueEmail('victim');
    const student = await register(STUDENT, email);
    const studentId = student.json().userId as string;
    const studentCode = await codeFor(email, STUDENT);
    const attacker = await register(ATTACKER, email);
    const attackerId = attacker.json().userId as string;
    passCooldown();
    expect((await post('/auth/send-otp', { email, userId: attackerId })).statusCode).toBe(200);
    const attackerCode = await codeFor(email, ATTACKER);

    // Before verification each password only reaches its own sign-up.
    const studentLogin = await login(email, STUDENT.password);
    expect(studentLogin.statusCode).toBe(403);
    expect(studentLogin.json()).toMatchObject({ isVerified: false, userId: studentId });
    const attackerLogin = await login(email, ATTACKER.password);
    expect(attackerLogin.json().userId).toBe(attackerId);

    // The newest mail in the mailbox is the attacker's: on the student's screen it does nothing.
    const wrongMail = await post('/auth/verify-otp', { email, otp: attackerCode, userId: studentId });
    expect(wrongMail.statusCode).toBe(400);
    // Without the sign-up's id, an address with several sign-ups activates none.
    expect((await post('/auth/verify-otp', { email, otp: attackerCode })).statusCode).toBe(400);
    expect((await post('/auth/verify-email', { token: attackerCode, email })).statusCode).toBe(400);

    expect((await post('/auth/verify-otp', { email, otp: studentCode, userId: studentId })).statusCode).toBe(
      200,
    );
    await expectOnlyTheStudentSignsIn(email);
    expect(
      (await post('/auth/verify-otp', { email, otp: attackerCode, userId: attackerId })).statusCode,
    ).toBe(400);
  });

  it('account enumeration: register then send-otp answer alike, hashing the password every time, for new, unverified, verified and unknown addresses', async () => {
    const verified = await createUser(t.db);
    const unverified = uniqueEmail('pending');
    await register(ATTACKER, unverified);
    passCooldown();
    const addresses = [uniqueEmail('new'), unverified, verified.email];
    const hashes = vi.mocked(hashPassword);

    const seen = [];
    for (const email of addresses) {
      hashes.mockClear();
      const reg = await register(STUDENT, email);
      const hashed = hashes.mock.calls.length;
      const resend = await post('/auth/send-otp', { email, userId: reg.json().userId });
      seen.push({
        register: reg.statusCode,
        keys: Object.keys(reg.json()).sort(),
        message: reg.json().message,
        hashed,
        resend: resend.statusCode,
        resendBody: { ...resend.json(), message: resend.json().message.replace(/\d+/, 'N') },
      });
    }
    expect(seen[0]).toMatchObject({ register: 201, hashed: 1, resend: 429 });
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);

    // Later requests for a code answer alike too, unknown addresses included.
    passCooldown();
    const all = [...addresses, uniqueEmail('unknown')];
    const first = await Promise.all(all.map((email) => post('/auth/send-otp', { email })));
    const again = await Promise.all(all.map((email) => post('/auth/send-otp', { email })));
    for (const res of first)
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'OTP sent successfully' }]);
    for (const res of again) {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Please wait \d+ seconds before requesting a new OTP\.$/);
    }
  });

  it('mail flood: every path that sends mail keeps to its cooldowns and hourly caps', async () => {
    const count = (email: string) => t.smtp.find(email).length;

    // Register of a verified address.
    const verified = await createUser(t.db);
    for (let i = 0; i < 6; i++) expect((await register(STUDENT, verified.email)).statusCode).toBe(201);
    expect(count(verified.email)).toBe(1);

    // Register of a new and of a pending address, a resend, and sign-ins of the unverified sign-up.
    const fresh = uniqueEmail('flood');
    await register(STUDENT, fresh);
    await register(STUDENT, fresh);
    expect((await post('/auth/send-otp', { email: fresh })).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) expect((await login(fresh, STUDENT.password)).statusCode).toBe(403);
    expect(count(fresh)).toBe(1);

    // Forgot password.
    for (let i = 0; i < 4; i++) await post('/auth/forgot-password', { email: verified.email });
    await t.smtp.waitFor(verified.email, { match: /Reset your CampusRun password/ });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.find(verified.email, /Reset your CampusRun password/)).toHaveLength(1);

    // Once a minute, for twelve minutes: registering mails an address five times an hour; signing in
    // to the unverified sign-up mails a code only when it has none that still works (10 minutes).
    for (let i = 0; i < 12; i++) {
      passCooldown();
      await register(STUDENT, verified.email);
      await login(fresh, STUDENT.password);
    }
    expect(t.smtp.find(verified.email, /already have/)).toHaveLength(CODE_MAIL_BUDGET.registerPerHour);
    expect(t.smtp.find(fresh, /verification code/)).toHaveLength(3);
  });

  it(`mail flood: however many sign-ups and networks ask, an address gets at most ${CODE_MAIL_BUDGET.perAddressPerHour} sign-up mails an hour`, async () => {
    const email = uniqueEmail('flooded');
    const signUps: { id: string; ip: string }[] = [];
    // For most of an hour: a new sign-up every minute for ten minutes, each from a network of its own,
    // then every two minutes each of them asks for its code again; the newest also signs in.
    for (let minute = 0; minute < 58; minute += minute < 10 ? 1 : 2) {
      if (minute < 10) {
        const ip = `198.51.100.${minute + 1}`;
        const res = await post('/auth/register', signUp(ATTACKER, email), ip);
        expect(res.statusCode).toBe(201);
        signUps.push({ id: res.json().userId as string, ip });
      } else {
        for (const { id, ip } of signUps) await post('/auth/send-otp', { email, userId: id }, ip);
        if (minute % 20 === 0) await login(email, ATTACKER.password, '198.51.100.200');
      }
      wait(minute < 10 ? 60 : 120);
    }
    expect(t.smtp.find(email)).toHaveLength(CODE_MAIL_BUDGET.perAddressPerHour);
    expect(CODE_MAIL_BUDGET.perAddressPerHour).toBe(20);
  });

  it('sign-up denial of service: an attacker re-registering the address every 30 s from changing addresses cannot keep the student from their own code', async () => {
    const email = uniqueEmail('student');
    const studentIp = '203.0.113.50';
    let round = 0;
    const attack = async () => {
      round += 1;
      const ip = round % 2 ? `198.51.100.${(round % 250) + 1}` : `2001:db8:${round.toString(16)}::7`;
      expect((await post('/auth/register', signUp(ATTACKER, email), ip)).statusCode).toBe(201);
      wait(30);
    };
    // The attacker has been at it for twenty minutes: the address's register mails are long spent.
    for (let i = 0; i < 40; i++) await attack();

    const began = skew;
    const student = await post('/auth/register', signUp(STUDENT, email), studentIp);
    expect(student.statusCode).toBe(201);
    const studentId = student.json().userId as string;
    await attack();
    await attack();
    // After the screen's one-minute countdown the student presses Resend for their own sign-up.
    const resend = await post('/auth/send-otp', { email, userId: studentId }, studentIp);
    expect(resend.statusCode).toBe(200);
    const otp = await codeFor(email, STUDENT);
    await attack();
    const verified = await post('/auth/verify-otp', { email, otp, userId: studentId }, studentIp);
    expect(verified.statusCode).toBe(200);
    expect(skew - began).toBeLessThanOrEqual(120_000);

    await attack();
    await expectOnlyTheStudentSignsIn(email);
    expect(t.smtp.find(email).length).toBeLessThanOrEqual(CODE_MAIL_BUDGET.perAddressPerHour);
  });

  it('sock puppets: a sub-address signs up as its mailbox, and once that has an account it is answered like any taken address', async () => {
    const mailbox = uniqueEmail('mallory');
    const [local, domain] = mailbox.split('@');
    const sub = (tag: string) => `${local}+${tag}@${domain}`;

    const first = await register(STUDENT, sub('1'));
    expect(first.statusCode).toBe(201);
    // The code goes to the mailbox itself, and verifies the sign-up typed with the sub-address.
    expect(t.smtp.find(sub('1'))).toHaveLength(0);
    const otp = await codeFor(mailbox, STUDENT);
    const userId = first.json().userId as string;
    expect((await post('/auth/verify-otp', { email: sub('1'), otp, userId })).statusCode).toBe(200);
    const signedIn = await login(sub('1'), STUDENT.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(mailbox);
    expect((await login(mailbox, STUDENT.password)).json().user.id).toBe(signedIn.json().user.id);

    // More sub-addresses are answered exactly like a new address, and make no second account.
    passCooldown();
    const second = await register(ATTACKER, sub('2'));
    const fresh = await register(ATTACKER, uniqueEmail('someone'));
    expect([second.statusCode, Object.keys(second.json()).sort(), second.json().message]).toEqual([
      fresh.statusCode,
      Object.keys(fresh.json()).sort(),
      fresh.json().message,
    ]);
    expect(t.smtp.find(mailbox, /already have a CampusRun account/)).toHaveLength(1);
    expect((await login(sub('2'), ATTACKER.password)).statusCode).toBe(401);
    expect((await login(sub('3'), STUDENT.password)).json().user.id).toBe(signedIn.json().user.id);

    // A password reset asked for any sub-address reaches the mailbox's account.
    await post('/auth/forgot-password', { email: sub('4') });
    await t.smtp.waitFor(mailbox, { match: /Reset your CampusRun password/ });
  });

  it('sock puppets: an address of MODERATOR_EMAILS makes its mailbox’s account a moderator, sub-address or not', async () => {
    const [local, domain] = MODERATOR_MAILBOX.split('@');
    await register(STUDENT, `${local}+signup@${domain}`);
    const otp = await codeFor(MODERATOR_MAILBOX, STUDENT);
    expect((await post('/auth/verify-otp', { email: MODERATOR_MAILBOX, otp })).statusCode).toBe(200);
    const res = await login(MODERATOR_MAILBOX, STUDENT.password);
    expect(res.json().user).toMatchObject({ email: MODERATOR_MAILBOX, isModerator: true });
  });

  it('sock puppets: an account stored with a sub-address before keeps signing in by it', async () => {
    const mailbox = uniqueEmail('legacy');
    const [local, domain] = mailbox.split('@');
    const stored = `${local}+old@${domain}`;
    const legacy = await createUser(t.db, { email: stored });
    const res = await login(stored, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(legacy.id);
  });

  it('OTP attempt race: 15 parallel guesses get at most 5 comparisons and a late right code fails', async () => {
    const email = uniqueEmail('race');
    const reg = await register(STUDENT, email);
    const userId = reg.json().userId as string;
    const otp = await codeFor(email, STUDENT);
    const wrong = (i: number) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = [...Array.from({ length: 14 }, (_, i) => wrong(i)), otp];

    const compared = vi.mocked(hashCode);
    compared.mockClear();
    const answers = await Promise.all(
      guesses.map((guess) => post('/auth/verify-otp', { email, otp: guess, userId })),
    );
    expect(compared.mock.calls.length).toBeLessThanOrEqual(LIMITS.otpMaxAttempts);
    expect(answers.map((a) => a.statusCode)).toEqual(guesses.map(() => 400));
    expect(answers.at(-1)!.json().message).toBe('Too many wrong attempts. Please request a new OTP.');

    const right = await post('/auth/verify-otp', { email, otp, userId });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    expect((await login(email, STUDENT.password)).statusCode).toBe(403);
  });

  it('outbox path traversal: the e-mail rule refuses anything but a plain local part', async () => {
    for (const email of [
      'a/../../../x@example.edu',
      '../x@example.edu',
      '.asha@example.edu',
      'asha.@example.edu',
      'as..ha@example.edu',
      'a\\b@example.edu',
      'a"b@example.edu',
    ]) {
      const res = await register(STUDENT, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors, email).toEqual([
        { param: 'email', msg: 'Only Example University email addresses are allowed' },
      ]);
    }
    for (const email of ['asha.rao@example.edu', 'a_b%c+d-e.9@example.edu'])
      expect((await register(STUDENT, email)).statusCode, email).toBe(201);
  });
});

describe('account flows under attack: sign-in lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { global: 100_000, auth: 100_000, authPerAccount: 3 } });
  });
  afterAll(() => t.close());
  const { login } = client(() => t);

  it('lockout as denial of service: guesses from many IPs never lock the owner out, the guessing IP is refused', async () => {
    const owner = await createUser(t.db);
    const ips = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(ips.map((ip) => login(owner.email, 'not-the-password', ip)));
      expect(answers.map((a) => a.statusCode)).toEqual(ips.map(() => 401));
    }
    // Each guessing IP has spent its budget for this account, even with the right password.
    const refused = await login(owner.email, DEFAULT_PASSWORD, ips[0]);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The owner, from their own IP, signs in (after a short back-off at most).
    expect((await login(owner.email, 'a-typo-of-mine', '198.51.100.7')).statusCode).toBe(401);
    const began = realNow();
    expect((await login(owner.email, DEFAULT_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    expect(realNow() - began).toBeLessThan(5000);
    // Other accounts are untouched from the guessing IP.
    const other = await createUser(t.db);
    expect((await login(other.email, DEFAULT_PASSWORD, ips[0])).statusCode).toBe(200);
  });
});

describe('account flows under attack: mail outbox and production', () => {
  /** The app with the development outbox (no SMTP), logging at info into `logs`. */
  async function outboxApp(overrides: Partial<Config>) {
    const config = testConfig({ logLevel: 'info', ...overrides });
    const database = await createTestDatabase();
    const stream = new PassThrough();
    const out = { logs: '' };
    stream.on('data', (chunk: Buffer) => (out.logs += chunk.toString()));
    const app = await buildApp(config, database, { logStream: stream });
    await app.ready();
    return Object.assign(out, {
      app,
      config,
      async close() {
        await app.close();
        await database.close();
        rmSync(config.dataDir, { recursive: true, force: true });
      },
    });
  }
  const register = (app: Awaited<ReturnType<typeof buildApp>>, email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/register', payload: signUp(STUDENT, email) });

  it('outbox path traversal: outbox files are named by a random id, never by the address', async () => {
    const s = await outboxApp({ env: 'development' });
    try {
      const email = uniqueEmail('outbox');
      expect((await register(s.app, email)).statusCode).toBe(201);
      const outbox = path.join(s.config.dataDir, 'outbox');
      const files = readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(
        /^[\dTZ-]+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.txt$/,
      );
      expect(readFileSync(path.join(outbox, files[0]!), 'utf8')).toMatch(new RegExp(`^To: ${email}\\n`));
      // In development the console shows the code.
      expect(s.logs).toMatch(/\[dev outbox\] Your CampusRun verification code: \d{6}/);
    } finally {
      await s.close();
    }
  });

  it('outbox path traversal: production refuses to start without SMTP_URL and never logs codes', async () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/campusrun-never' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/SMTP_URL: required when NODE_ENV=production/);
    expect(loadConfig({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');

    // Neither the outbox nor a failed delivery puts a code into a production log.
    for (const smtpUrl of [undefined, 'smtp://127.0.0.1:1']) {
      const s = await outboxApp({ env: 'production', smtpUrl });
      try {
        expect((await register(s.app, uniqueEmail('prod'))).statusCode).toBe(201);
        if (smtpUrl) expect(s.logs).toContain('mail delivery failed');
        expect(s.logs).not.toMatch(/verification code|\[dev outbox\]/);
      } finally {
        await s.close();
      }
    }
  });
});
