import { randomBytes } from 'node:crypto';
import { LIMITS } from '@campusrun/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, createUser, uniqueEmail } from '../../test/factories';

// The clock of the rate limits moves on when a test says so (cooldowns without waiting).
const realNow = Date.now.bind(Date);
let skew = 0;
const passCooldown = () => (skew += (LIMITS.otpResendCooldownSeconds + 1) * 1000);

let t: TestApp;
beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
  t = await buildTestApp();
});
afterAll(() => t.close());

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });

const STUDENT = { name: 'Asha Rao', password: 'student-own-pass-1', phoneNumber: '9876543210' };
const ATTACKER = { name: 'Mallory Mole', password: 'attacker-pass-66', phoneNumber: '9000000666' };

async function register(email: string, person = STUDENT) {
  const res = await post('/auth/register', { ...person, email, role: 'dayscholar' });
  expect(res.statusCode).toBe(201);
  return res.json() as { message: string; userId: string; ticket: string };
}

/** The newest code mailed to the address in this person's name. */
function codeFor(email: string, person = STUDENT) {
  const mail = t.smtp
    .find(email, /verification code/)
    .filter((m) => m.body.includes(`Hi ${person.name},`))
    .at(-1);
  if (!mail) throw new Error(`no code mailed for ${person.name}`);
  return /verification code: (\d{6})/.exec(mail.subject)![1]!;
}

const login = (email: string, password: string) => post('/auth/login', { email, password });

describe('signing in with the e-mail code on the browser that signed up', () => {
  it('register answers a ticket, the same way whether or not the address has an account', async () => {
    const existing = await createUser(t.db);
    const fresh = await register(uniqueEmail('ticket'));
    const taken = await register(existing.email);
    expect(Object.keys(taken).sort()).toEqual(Object.keys(fresh).sort());
    expect(fresh.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(taken.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(taken.ticket).not.toBe(fresh.ticket);
  });

  it('a verified code with the sign-up ticket signs the student in, with a session listed under their devices', async () => {
    const email = uniqueEmail('ticket');
    const { userId, ticket } = await register(email);
    await t.smtp.waitFor(email, { match: /verification code/ });
    const res = await post(
      '/auth/verify-otp',
      { email, otp: codeFor(email), userId, ticket },
      { 'user-agent': PHONE_UA },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Email verified successfully!');
    expect(body.user).toMatchObject({
      email,
      name: STUDENT.name,
      role: 'dayscholar',
      isVerified: true,
      isProfileComplete: true,
    });
    expect(res.body).not.toMatch(/argon2|passwordHash|tokenVersion|ticketHash/);

    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(body.token),
    });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().sessions).toEqual([
      expect.objectContaining({ device: 'Chrome on Android', current: true }),
    ]);
    // The password still signs in as usual.
    expect((await login(email, STUDENT.password)).statusCode).toBe(200);
  });

  it('verify-email with the userId and the ticket signs in too', async () => {
    const email = uniqueEmail('ticket');
    const { userId, ticket } = await register(email);
    const token = await t.smtp.latestCode(email);
    const res = await post('/auth/verify-email', { token, userId, ticket });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(res.json().token) });
    expect(me.json().user.email).toBe(email);
  });

  it('a verified code without the ticket (typed in another browser) verifies but does not sign in', async () => {
    const email = uniqueEmail('ticket');
    const { userId } = await register(email);
    const res = await post('/auth/verify-otp', { email, otp: await t.smtp.latestCode(email), userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully!' });
    expect((await login(email, STUDENT.password)).statusCode).toBe(200);
  });

  it('a verified code with a wrong ticket verifies but does not sign in', async () => {
    const email = uniqueEmail('ticket');
    const { userId } = await register(email);
    const res = await post('/auth/verify-otp', {
      email,
      otp: await t.smtp.latestCode(email),
      userId,
      ticket: randomBytes(32).toString('base64url'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully!' });
  });

  it('the ticket of another sign-up does not sign in with this one', async () => {
    const other = await register(uniqueEmail('other'));
    const email = uniqueEmail('ticket');
    const { userId } = await register(email);
    const res = await post('/auth/verify-otp', {
      email,
      otp: await t.smtp.latestCode(email),
      userId,
      ticket: other.ticket,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully!' });
  });

  it('a ticket sent without the sign-up id (the code picked by address) does not sign in', async () => {
    const email = uniqueEmail('ticket');
    const { ticket } = await register(email);
    const res = await post('/auth/verify-otp', { email, otp: await t.smtp.latestCode(email), ticket });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully!' });
  });

  it('a wrong code with the right ticket neither verifies nor signs in', async () => {
    const email = uniqueEmail('ticket');
    const { userId, ticket } = await register(email);
    const otp = await t.smtp.latestCode(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const res = await post('/auth/verify-otp', { email, otp: wrong, userId, ticket });
    expect(res.statusCode).toBe(400);
    expect(res.json().token).toBeUndefined();
  });

  it('refuses a malformed ticket with a clear message, never a server error', async () => {
    const email = uniqueEmail('ticket');
    const { userId } = await register(email);
    for (const ticket of ['short', 'x'.repeat(5000), 'a\u0000'.repeat(20), 42, ['a']]) {
      const res = await post('/auth/verify-otp', { email, otp: '123456', userId, ticket });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Invalid sign-up ticket/);
    }
  });

  it('registering an address that has an account gives a ticket that never signs anyone in', async () => {
    const existing = await createUser(t.db, { name: STUDENT.name });
    const { userId, ticket } = await register(existing.email, ATTACKER);
    for (const otp of ['123456', '000000']) {
      const res = await post('/auth/verify-otp', { email: existing.email, otp, userId, ticket });
      expect(res.statusCode).toBe(400);
      expect(res.json().token).toBeUndefined();
    }
  });

  it("account takeover: whoever registered the student's address first never gets in, ticket or not, and the student's own details become the account", async () => {
    const email = uniqueEmail('victim');
    const attacker = await register(email, ATTACKER);
    const student = await register(email, STUDENT);
    // The student's screen asks for a code for the sign-up it holds.
    passCooldown();
    const resend = await post('/auth/send-otp', { email, userId: student.userId });
    expect(resend.statusCode).toBe(200);
    await t.smtp.waitFor(email, { match: /verification code/, count: 2 });

    // The student's code with the attacker's ticket (or the attacker's id) signs nobody in.
    const mixed = await post('/auth/verify-otp', {
      email,
      otp: codeFor(email, STUDENT),
      userId: attacker.userId,
      ticket: attacker.ticket,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().token).toBeUndefined();

    // The student verifies on their own browser and is signed in as themselves.
    const res = await post('/auth/verify-otp', {
      email,
      otp: codeFor(email, STUDENT),
      userId: student.userId,
      ticket: student.ticket,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: STUDENT.name, phoneNumber: STUDENT.phoneNumber });

    // The attacker's own code and ticket come too late.
    const late = await post('/auth/verify-otp', {
      email,
      otp: codeFor(email, ATTACKER),
      userId: attacker.userId,
      ticket: attacker.ticket,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().token).toBeUndefined();
    expect((await login(email, ATTACKER.password)).statusCode).toBe(401);
    expect((await login(email, STUDENT.password)).statusCode).toBe(200);
  });
});
