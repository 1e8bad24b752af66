import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/common';
import { DELETED_USER_NAME } from '../messages/account';
import { personName } from './common';
import { deleteAccountSchema } from './account';

describe('the name of deleted accounts', () => {
  it.each([DELETED_USER_NAME, '  deleted USER ', 'DELETED USER'])(
    'is refused as anyone’s name: %j',
    (name) => {
      const result = personName.safeParse(name);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(MESSAGES.nameReserved);
    },
  );

  it('leaves names that merely contain the words alone', () => {
    expect(personName.safeParse('Deleted Userson').success).toBe(true);
  });
});

describe('deleteAccountSchema', () => {
  it('takes a password or a confirmation, and refuses a NUL', () => {
    expect(deleteAccountSchema.safeParse({ password: 'secret123' }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirm: 'DELETE' }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ password: 'a\u0000b' }).success).toBe(false);
  });
});
