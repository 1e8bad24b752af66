import { describe, expect, it } from 'vitest';
import { answerRefusal } from './wanted.policy';

const post = { userId: 'poster', status: 'open' as const, expired: false, blocked: false };

describe('answerRefusal', () => {
  it('lets another member answer an open post', () => {
    expect(answerRefusal('someone', post)).toBeNull();
  });
  it('refuses one’s own, across a block, and a post closed or past its days', () => {
    expect(answerRefusal('poster', post)).toBe('own');
    expect(answerRefusal('someone', { ...post, blocked: true })).toBe('blocked');
    expect(answerRefusal('someone', { ...post, status: 'closed' })).toBe('notOpen');
    expect(answerRefusal('someone', { ...post, expired: true })).toBe('notOpen');
  });
});
