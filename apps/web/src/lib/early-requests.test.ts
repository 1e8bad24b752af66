import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { api as url, server } from '@/test/server';
import { call } from './api-client';
import { EARLY_ANSWER_MAX_AGE_MS } from './early-requests';
import { sessionStore } from './session';

/** What boot.js leaves behind when it asked for `path` before the app ran. */
function earlyAnswer(path: string, body: unknown, { token = 'abc', age = 0 } = {}) {
  window.campusrunEarly = {
    token,
    at: Date.now() - age,
    answers: { [path]: Promise.resolve(Response.json(body)) },
  };
}

describe('answers asked for before the app ran', () => {
  let served = 0;
  beforeEach(() => {
    served = 0;
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', JSON.stringify(hosteller));
    sessionStore.reload();
    server.use(
      http.get(url('/hosteller/stats'), () => {
        served += 1;
        return HttpResponse.json({ from: 'network' });
      }),
    );
  });
  afterEach(() => {
    delete window.campusrunEarly;
  });

  it('a GET takes the early answer instead of asking again, once', async () => {
    earlyAnswer('/api/hosteller/stats', { from: 'early' });
    await expect(call('GET', '/hosteller/stats')).resolves.toEqual({ from: 'early' });
    expect(served).toBe(0);
    await expect(call('GET', '/hosteller/stats')).resolves.toEqual({ from: 'network' });
    expect(served).toBe(1);
  });

  it('matches the query string too', async () => {
    earlyAnswer('/api/hosteller/stats?limit=5', { from: 'early' });
    await expect(call('GET', '/hosteller/stats', { query: { limit: 6 } })).resolves.toEqual({ from: 'network' });
    await expect(call('GET', '/hosteller/stats', { query: { limit: 5 } })).resolves.toEqual({ from: 'early' });
  });

  it('never uses an answer asked with another session, or one too old', async () => {
    earlyAnswer('/api/hosteller/stats', { from: 'early' }, { token: 'someone-else' });
    await expect(call('GET', '/hosteller/stats')).resolves.toEqual({ from: 'network' });
    earlyAnswer('/api/hosteller/stats', { from: 'early' }, { age: EARLY_ANSWER_MAX_AGE_MS + 1 });
    await expect(call('GET', '/hosteller/stats')).resolves.toEqual({ from: 'network' });
    expect(served).toBe(2);
  });

  it('an early 401 ends the session as any 401 does', async () => {
    window.campusrunEarly = {
      token: 'abc',
      at: Date.now(),
      answers: {
        '/api/hosteller/stats': Promise.resolve(Response.json({ message: 'expired' }, { status: 401 })),
      },
    };
    await expect(call('GET', '/hosteller/stats')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get().token).toBeNull();
  });
});
