import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_PASSWORD, bearer, createUser, tokenFor } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const put = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, payload, headers: bearer(token) });

describe('PUT /users/profile', () => {
  it('updates name, phone and hostel fields and answers the new user', async () => {
    const user = await createUser(t.db, { role: 'hosteller' });
    const token = await tokenFor(t, user);
    const res = await put('/api/users/profile', token, {
      name: '  Meera  ',
      phoneNumber: '9123456780',
      hostelBlock: 'Block C',
      roomNumber: '12',
      email: 'hijack@example.edu',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully',
      user: {
        name: 'Meera',
        phoneNumber: '9123456780',
        hostelBlock: 'Block C',
        roomNumber: '12',
        email: user.email,
      },
    });
  });

  it('requires hostel block and room for hostellers, and drops them for day scholars', async () => {
    const hosteller = await createUser(t.db, { role: 'hosteller' });
    const bad = await put('/api/users/profile', await tokenFor(t, hosteller), {
      name: 'H',
      phoneNumber: '9123456780',
      hostelBlock: '',
      roomNumber: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { param: 'hostelBlock', msg: 'Hostel block is required for hostellers' },
      { param: 'roomNumber', msg: 'Room number is required for hostellers' },
    ]);

    const ds = await createUser(t.db, { role: 'dayscholar' });
    const ok = await put('/api/users/profile', await tokenFor(t, ds), {
      name: 'D',
      phoneNumber: '9123456780',
      hostelBlock: 'Block Z',
      roomNumber: '1',
    });
    expect(ok.json().user).toMatchObject({ hostelBlock: null, roomNumber: null });
  });

  it('rejects an empty name and a 9-digit phone with the form messages', async () => {
    const user = await createUser(t.db, { role: 'dayscholar' });
    const res = await put('/api/users/profile', await tokenFor(t, user), {
      name: '',
      phoneNumber: '912345678',
    });
    expect(res.json().errors).toEqual([
      { param: 'name', msg: 'Name is required' },
      { param: 'phoneNumber', msg: 'Please enter a valid 10-digit phone number' },
    ]);
  });
});

describe('PUT /users/change-password', () => {
  it('checks the current password', async () => {
    const user = await createUser(t.db);
    const res = await put('/api/users/change-password', await tokenFor(t, user), {
      currentPassword: 'wrong-password',
      newPassword: 'a-new-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ param: 'currentPassword', msg: 'Current password is incorrect' }]);
  });

  it('changes it, revokes the old token and hands back a working new one', async () => {
    const user = await createUser(t.db);
    const oldToken = await tokenFor(t, user);
    const res = await put('/api/users/change-password', oldToken, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'a-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed successfully');
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect((await me(oldToken)).statusCode).toBe(401);
    expect((await me(res.json().token)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'a-new-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('requires at least 8 characters for the new password', async () => {
    const user = await createUser(t.db);
    const res = await put('/api/users/change-password', await tokenFor(t, user), {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'short',
    });
    expect(res.json().errors).toEqual([
      { param: 'newPassword', msg: 'Password must be at least 8 characters' },
    ]);
  });
});

describe('GET /users/{id}', () => {
  it("shows only another user's public fields", async () => {
    const viewer = await createUser(t.db, { role: 'dayscholar' });
    const other = await createUser(t.db, { role: 'hosteller', name: 'Priya' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${other.id}`,
      headers: bearer(await tokenFor(t, viewer)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: other.id,
        name: 'Priya',
        role: 'hosteller',
        avatar: null,
        createdAt: other.createdAt.toISOString(),
      },
    });
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toContain('9876543210');
  });

  it("answers 404 'User not found' for an unknown or malformed id", async () => {
    const viewer = await createUser(t.db);
    const headers = bearer(await tokenFor(t, viewer));
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/users/abc', headers });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND', reason: 'notFound' });
  });
});
