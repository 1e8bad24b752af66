import { describe, expect, it } from 'vitest';
import { type ClaimablePost, claimRefusal, stateOf } from './lost-found.policy';

const post = (over: Partial<ClaimablePost> = {}): ClaimablePost => ({
  userId: 'finder',
  kind: 'found',
  status: 'open',
  expired: false,
  blocked: false,
  myClaim: null,
  ...over,
});

describe('who may claim a lost and found post', () => {
  const cases: [string, ClaimablePost, string | null, string?][] = [
    ['another member, an open found post', post(), null],
    ['its own finder', post(), 'own', 'finder'],
    ['across a block', post({ blocked: true }), 'blocked'],
    ['a lost post', post({ kind: 'lost' }), 'notFound'],
    ['a resolved post', post({ status: 'resolved' }), 'notOpen'],
    ['an expired post', post({ expired: true }), 'notOpen'],
    ['a second time', post({ myClaim: { id: 'c', status: 'withdrawn' } }), 'already'],
  ];
  it.each(cases)('%s', (_, p, refusal, viewer = 'owner') => {
    expect(claimRefusal(viewer, p)).toBe(refusal);
  });

  it('shows resolved before expired', () => {
    expect(stateOf({ status: 'resolved', expired: true })).toBe('resolved');
    expect(stateOf({ status: 'open', expired: true })).toBe('expired');
    expect(stateOf({ status: 'open', expired: false })).toBe('open');
  });
});
