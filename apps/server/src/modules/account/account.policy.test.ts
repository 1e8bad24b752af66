import { describe, expect, it } from 'vitest';
import { confirmRefusal, orderBlockers, proofNeeded } from './account.policy';

const now = new Date('2026-11-27T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('the proof a member gives to delete their account', () => {
  it('is the password when there is one, else the typed word', () => {
    expect(proofNeeded(true)).toBe('password');
    expect(proofNeeded(false)).toBe('confirm');
  });

  it.each([
    ['DELETE', minutesAgo(1), null],
    ['  DELETE ', minutesAgo(9), null],
    ['DELETE', minutesAgo(10), null],
    ['DELETE', minutesAgo(11), 'signInAgain'],
    ['DELETE', null, 'signInAgain'],
    ['delete', minutesAgo(1), 'confirmWrong'],
    ['DELETE!', minutesAgo(1), 'confirmWrong'],
    ['', minutesAgo(1), 'confirmWrong'],
    [undefined, minutesAgo(1), 'confirmWrong'],
    // The word is checked first: the form says what to type before asking to sign in again.
    ['nope', minutesAgo(60), 'confirmWrong'],
  ] as const)('confirm %j, signed in %s: %s', (confirm, startedAt, refusal) => {
    expect(confirmRefusal(confirm, startedAt, now)).toBe(refusal);
  });
});

describe('the blockers, as listed', () => {
  it('go by kind: deliveries, requests, trips, runs, then settlements', () => {
    const b = (kind: 'delivery' | 'request' | 'trip' | 'run' | 'settlement', id: string) => ({
      kind,
      id,
      title: id,
    });
    expect(
      orderBlockers([
        b('settlement', 's'),
        b('run', 'u'),
        b('delivery', 'd1'),
        b('trip', 't'),
        b('delivery', 'd2'),
      ]),
    ).toEqual([
      b('delivery', 'd1'),
      b('delivery', 'd2'),
      b('trip', 't'),
      b('run', 'u'),
      b('settlement', 's'),
    ]);
  });
});
