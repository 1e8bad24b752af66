import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, pendingRegistrations, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_PASSWORD, bearer, createUser, tokenFor, uniqueEmail } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const hostellerBody = (email: string) => ({
  name: 'Asha Rao',
  email,
  password: 'supersecret1',
  phoneNumber: '9876543210',
  role: 'hosteller',
  hostelBlock: 'Block A',
  roomNumber: '204',
});

/** Registers, reads the code from the mail, verifies, logs in. */
async function registerAndLogin(email = uniqueEmail('flow')) {
  const reg = await post('/api/auth/register', hostellerBody(email));
  expect(reg.statusCode).toBe(201);
  const otp = await t.smtp.latestCode(email);
  expect((await post('/api/auth/verify-otp', { email, otp })).statusCode).toBe(200);
  const login = await post('/api/auth/login', { email, password: 'supersecret1' });
  expect(login.statusCode).toBe(200);
  return { email, userId: reg.json().userId as string, token: login.json().token as string };
}

describe('register', () => {
  it('keeps the sign-up pending (no account yet) and mails a 6-digit code', async () => {
    const email = uniqueEmail('new');
    const res = await post('/api/auth/register', hostellerBody(email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: expect.any(String),
      userId: expect.any(String),
      ticket: expect.any(String),
    });
    const code = await t.smtp.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.id, res.json().userId));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.codeExpiresAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row!.codeExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('lists every bad field with its form message, naming the campus in the domain rule', async () => {
    const res = await post('/api/auth/register', {
      name: '   ',
      email: 'someone@gmail.com',
      password: 'short',
      phoneNumber: '12345',
      role: 'hosteller',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { param: 'name', msg: 'Name is required' },
      { param: 'email', msg: 'Only Example University email addresses are allowed' },
      { param: 'password', msg: 'Password must be at least 8 characters' },
      { param: 'phoneNumber', msg: 'Please enter a valid 10-digit phone number' },
      { param: 'hostelBlock', msg: 'Hostel block is required for hostellers' },
      { param: 'roomNumber', msg: 'Room number is required for hostellers' },
    ]);
  });

  it('stores no hostel block or room for a day scholar', async () => {
    const email = uniqueEmail('ds');
    const res = await post('/api/auth/register', { ...hostellerBody(email), role: 'dayscholar' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.id, res.json().userId));
    expect(row).toMatchObject({ role: 'dayscholar', hostelBlock: null, roomNumber: null });
  });

  it('trims and lower-cases the e-mail', async () => {
    const email = uniqueEmail('case');
    const res = await post('/api/auth/register', hostellerBody(`  ${email.toUpperCase()} `));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.id, res.json().userId));
    expect(row!.email).toBe(email);
  });

  it('answers an existing e-mail exactly like a new one, without creating a second account', async () => {
    const existing = await createUser(t.db, { role: 'hosteller' });
    const res = await post('/api/auth/register', hostellerBody(existing.email));
    const fresh = await post('/api/auth/register', hostellerBody(uniqueEmail('fresh')));
    expect(res.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(res.json().message).toBe(fresh.json().message);
    expect(res.json().userId).not.toBe(existing.id);
    const rows = await t.db.select().from(users).where(eq(users.email, existing.email));
    expect(rows).toHaveLength(1);
    const mail = await t.smtp.waitFor(existing.email);
    expect(mail.subject).toBe('You already have a CampusRun account');
  });
});

describe('e-mail verification', () => {
  it('verifies with the mailed code, after which login returns a token and the user without secrets', async () => {
    const { token } = await registerAndLogin();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      name: 'Asha Rao',
      role: 'hosteller',
      isVerified: true,
      hostelBlock: 'Block A',
    });
    expect(me.body).not.toMatch(/argon2|passwordHash|tokenVersion/);
  });

  it('refuses login before verification with 403, isVerified false and the userId', async () => {
    const email = uniqueEmail('unverified');
    const reg = await post('/api/auth/register', hostellerBody(email));
    const res = await post('/api/auth/login', { email, password: 'supersecret1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Your email is not verified. Please verify your email.',
      code: 'EMAIL_NOT_VERIFIED',
      reason: 'emailNotVerified',
      isVerified: false,
      userId: reg.json().userId,
    });
  });

  it('locks the code after 5 wrong attempts, even for the right code afterwards', async () => {
    const email = uniqueEmail('lock');
    await post('/api/auth/register', hostellerBody(email));
    const otp = await t.smtp.latestCode(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await post('/api/auth/verify-otp', { email, otp: wrong });
      expect(res.statusCode).toBe(400);
    }
    const fifth = await post('/api/auth/verify-otp', { email, otp: wrong });
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    const right = await post('/api/auth/verify-otp', { email, otp });
    expect(right.statusCode).toBe(400);
    expect((await post('/api/auth/login', { email, password: 'supersecret1' })).statusCode).toBe(403);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    const reg = await post('/api/auth/register', hostellerBody(email));
    const otp = await t.smtp.latestCode(email);
    await t.db
      .update(pendingRegistrations)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.id, reg.json().userId));
    const res = await post('/api/auth/verify-otp', { email, otp });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  it('accepts the code on /auth/verify-email with the userId', async () => {
    const email = uniqueEmail('byid');
    const reg = await post('/api/auth/register', hostellerBody(email));
    const otp = await t.smtp.latestCode(email);
    const res = await post('/api/auth/verify-email', { token: otp, userId: reg.json().userId });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Email verified successfully!');
  });

  it('refuses a resend inside the 60 s cooldown, the same way for unknown e-mails', async () => {
    const email = uniqueEmail('cooldown');
    await post('/api/auth/register', hostellerBody(email));
    const again = await post('/api/auth/send-otp', { email });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(again.json().message).toMatch(/Please wait \d+ seconds before requesting a new OTP/);

    const unknown = uniqueEmail('nobody');
    const first = await post('/api/auth/send-otp', { email: unknown });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'OTP sent successfully' });
    expect((await post('/api/auth/send-otp', { email: unknown })).statusCode).toBe(429);
  });
});

describe('login', () => {
  it('gives the same 401 for a wrong password and an unknown account', async () => {
    const user = await createUser(t.db);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('applies the campus rule and required messages', async () => {
    const res = await post('/api/auth/login', { email: '', password: '' });
    expect(res.json().errors).toEqual([
      { param: 'email', msg: 'Email is required' },
      { param: 'password', msg: 'Password is required' },
    ]);
  });
});

describe('password reset', () => {
  it('answers identically whether or not the account exists', async () => {
    const user = await createUser(t.db);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await t.smtp.latestResetToken(user.email);
  });

  it('resets with the mailed link once, revoking older sessions', async () => {
    const user = await createUser(t.db);
    const oldToken = await tokenFor(t, user);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await t.smtp.latestResetToken(user.email);
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    const reset = await post('/api/auth/reset-password', { token, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode,
    ).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(oldToken) });
    expect(me.statusCode).toBe(401);

    const reuse = await post('/api/auth/reset-password', { token, password: 'another-pass-1' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses an expired link and a short password', async () => {
    const user = await createUser(t.db);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await t.smtp.latestResetToken(user.email);
    const short = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.json().errors).toEqual([
      { param: 'password', msg: 'Password must be at least 8 characters' },
    ]);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await post('/api/auth/reset-password', { token, password: 'long-enough-1' })).statusCode).toBe(
      400,
    );
  });
});

describe('sessions', () => {
  it('refuses missing, malformed, forged and expired tokens with 401', async () => {
    const user = await createUser(t.db);
    const good = await tokenFor(t, user);
    const forged = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const headers of [{}, bearer('nonsense'), bearer(forged), { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });
});
