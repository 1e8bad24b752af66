import { randomBytes } from 'node:crypto';
import type { Role } from '@campusrun/shared';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createJwt } from '../lib/tokens';
import type { TestApp } from './build-test-app';

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

export const uniqueEmail = (prefix = 'user', domain = 'example.edu') =>
  `${prefix}.${randomBytes(4).toString('hex')}@${domain}`;

/** Inserts a user straight into the database (verified unless told otherwise). */
export async function createUser(
  db: Db,
  opts: { role?: Role; name?: string; email?: string; verified?: boolean; password?: string } = {},
) {
  const role = opts.role ?? 'hosteller';
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: opts.name ?? (role === 'hosteller' ? 'Hema Hosteller' : 'Dev Dayscholar'),
      email: opts.email ?? uniqueEmail(role),
      passwordHash: opts.password ? await hashPassword(opts.password) : await defaultHash,
      role,
      phoneNumber: '9876543210',
      hostelBlock: role === 'hosteller' ? 'Block A' : null,
      roomNumber: role === 'hosteller' ? '101' : null,
      isVerified: opts.verified ?? true,
    })
    .returning();
  return user!;
}

/** A valid bearer token for the user, as login would issue it. */
export async function tokenFor(t: Pick<TestApp, 'config'>, user: { id: string; tokenVersion: number }) {
  return createJwt(t.config.jwtSecret, '1h').sign({ sub: user.id, tv: user.tokenVersion });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
