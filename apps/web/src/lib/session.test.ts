import { afterEach, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { sessionStore } from './session';

afterEach(() => sessionStore.clear());

describe('the session store', () => {
  it('tells its listeners when the user changes, and not when the server answers the same user again', () => {
    sessionStore.set('token-1', hosteller);
    const listener = vi.fn();
    const stop = sessionStore.subscribe(listener);

    sessionStore.setUser({ ...hosteller });
    expect(listener).not.toHaveBeenCalled();
    expect(sessionStore.get().user).toEqual(hosteller);

    sessionStore.setUser({ ...hosteller, name: 'Renamed Hosteller' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().user?.name).toBe('Renamed Hosteller');
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Renamed Hosteller');
    stop();
  });
});
