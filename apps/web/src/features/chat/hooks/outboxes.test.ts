import { onlineManager } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { dayscholar, hosteller } from '@/test/fixtures';
import { sendMessage, usePendingMessages } from './outboxes';

const STORAGE_KEY = 'campusrun.outbox.chat';
const partnerId = '9c8d7e6f-5a04-4b3c-8d2e-1f0a9b8c7d6e';

const kept = (content: string) => ({
  partnerId,
  clientId: 'a1b2c3d4-0000-4000-8000-000000000001',
  content,
  sentAt: '2026-11-30T09:00:00.000Z',
});

/** Writes a message offline, as the thread's composer does. */
function writeOffline(content: string) {
  act(() => {
    onlineManager.setOnline(false);
    sendMessage(partnerId, content);
  });
}

describe('chat messages kept on the device', () => {
  afterEach(() => {
    act(() => {
      onlineManager.setOnline(true);
      sessionStore.clear();
    });
  });

  it('keeps a waiting message for the member who wrote it, and drops it when another member signs in', () => {
    act(() => sessionStore.set('token', hosteller));
    const { result } = renderHook(() => usePendingMessages(partnerId));
    writeOffline('On my way');
    expect(result.current).toEqual([expect.objectContaining({ content: 'On my way', waiting: true })]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual({
      userId: hosteller.id,
      messages: [
        { partnerId, clientId: result.current[0].clientId, content: 'On my way', sentAt: expect.any(String) },
      ],
      returned: {},
    });

    act(() => sessionStore.set('token-2', dayscholar));
    expect(result.current).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('signing out drops them, and signing in again brings none back', () => {
    act(() => sessionStore.set('token', hosteller));
    const { result } = renderHook(() => usePendingMessages(partnerId));
    writeOffline('Milk and bread');
    expect(result.current).toHaveLength(1);

    act(() => sessionStore.clear());
    expect(result.current).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    act(() => sessionStore.set('token', hosteller));
    expect(result.current).toEqual([]);
  });

  it('a copy kept on the device is shown to the member who wrote it and to nobody else', () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ userId: hosteller.id, messages: [kept('At the gate')], returned: {} }),
    );
    act(() => sessionStore.set('token', dayscholar));
    const { result } = renderHook(() => usePendingMessages(partnerId));
    expect(result.current).toEqual([]);

    act(() => sessionStore.clear());
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ userId: hosteller.id, messages: [kept('At the gate')], returned: {} }),
    );
    act(() => sessionStore.set('token', hosteller));
    expect(result.current).toEqual([expect.objectContaining({ content: 'At the gate', waiting: true })]);
  });
});
