import { describe, expect, it } from 'vitest';
import { mailboxOf } from './email-address';

describe('mailboxOf', () => {
  it('folds a sub-address and case into the mailbox', () => {
    expect(mailboxOf(' Mallory+1@Example.edu ')).toBe('mallory@example.edu');
    expect(mailboxOf('mallory+a+b@example.edu')).toBe('mallory@example.edu');
    expect(mailboxOf('m.allory_x%y-z@example.edu')).toBe('m.allory_x%y-z@example.edu');
  });

  it('keeps a local part that starts with + (it has no base mailbox) and anything without @', () => {
    expect(mailboxOf('+tag@example.edu')).toBe('+tag@example.edu');
    expect(mailboxOf('not-an-address+x')).toBe('not-an-address+x');
  });
});
