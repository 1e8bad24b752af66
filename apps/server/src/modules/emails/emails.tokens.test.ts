import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './emails.tokens';

const USER = '6f1c1c1e-5f7a-4d59-9a55-3f9c3a0c1b2d';
const current = 'c'.repeat(40);
const older = 'o'.repeat(40);

describe('unsubscribe links across a key rotation', () => {
  it('reads a link signed with any listed key, and none signed with a removed one', () => {
    const before = unsubscribeToken(older, USER, 'messages');
    expect(readUnsubscribeToken([current, older], before)).toEqual({ userId: USER, kind: 'messages' });
    expect(readUnsubscribeToken([current], before)).toBeNull();
    expect(readUnsubscribeToken([current, older], `${before.slice(0, -2)}xx`)).toBeNull();
  });
});
