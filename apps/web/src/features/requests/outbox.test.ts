import type { CreateRequestBody } from '@campusrun/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { dayscholar, hosteller } from '@/test/fixtures';
import { dropQueued, postQueued, queueRequest, useQueuedRequests } from './outbox';

const body = (itemName: string): CreateRequestBody =>
  ({
    itemName,
    description: '',
    quantity: 1,
    expectedPrice: 30,
    deadline: new Date('2030-01-01T10:00:00Z'),
    deliveryLocation: 'Block A',
    isUrgent: false,
    category: 'other',
    handoverCode: false,
  }) as CreateRequestBody;

describe('requests written offline', () => {
  afterEach(() => {
    const { result } = renderHook(() => useQueuedRequests());
    act(() => {
      for (const item of result.current) dropQueued(item.key);
    });
    sessionStore.clear();
  });

  it('posts each once, in order, when the network is back, and forgets them', async () => {
    sessionStore.set('token', hosteller);
    const { result } = renderHook(() => useQueuedRequests());
    act(() => {
      queueRequest(body('Milk'));
      queueRequest(body('Bread'));
    });
    expect(result.current.map((item) => [item.body.itemName, item.state])).toEqual([
      ['Milk', 'queued'],
      ['Bread', 'queued'],
    ]);

    const sent: string[] = [];
    const posted: string[] = [];
    const clientIds: (string | undefined)[] = [];
    const send = vi.fn(async (request: CreateRequestBody) => {
      sent.push(request.itemName);
      clientIds.push(request.clientId);
      expect(request.deadline).toEqual(new Date('2030-01-01T10:00:00Z'));
    });
    await act(() =>
      Promise.all([
        postQueued(send, (item) => posted.push(item.body.itemName)),
        // A second trigger while posting sends nothing twice.
        postQueued(send, (item) => posted.push(item.body.itemName)),
      ]),
    );
    expect(sent).toEqual(['Milk', 'Bread']);
    // Each carries its own client id, so the server makes one request of it however often it arrives.
    expect(clientIds).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
    expect(clientIds[0]).not.toBe(clientIds[1]);
    expect(posted).toEqual(['Milk', 'Bread']);
    expect(result.current).toEqual([]);
  });

  it('keeps one waiting when the network goes again, and one the server refuses with its words', async () => {
    sessionStore.set('token', hosteller);
    const { result } = renderHook(() => useQueuedRequests());
    act(() => {
      queueRequest(body('Late'));
      queueRequest(body('Milk'));
    });
    const refuse = async (request: CreateRequestBody) => {
      if (request.itemName === 'Late')
        throw new ApiError(400, { message: 'Deadline must be in the future' }, 'Failed');
      throw new ApiError(0, null, 'Network error');
    };
    await act(() => postQueued(refuse, () => undefined));
    expect(result.current.map((item) => [item.body.itemName, item.state, item.error])).toEqual([
      ['Late', 'failed', 'Deadline must be in the future'],
      ['Milk', 'queued', undefined],
    ]);
    // Stored on the device: it survives the app being closed.
    expect(localStorage.getItem('campusrun.outbox.requests')).toContain('Milk');
  });

  it('cancelled, it is never posted; another member signing in sees none of them', async () => {
    sessionStore.set('token', hosteller);
    const { result } = renderHook(() => useQueuedRequests());
    let key = '';
    act(() => {
      key = queueRequest(body('Milk')).key;
      queueRequest(body('Bread'));
    });
    act(() => dropQueued(key));
    expect(result.current.map((item) => item.body.itemName)).toEqual(['Bread']);

    act(() => sessionStore.set('token-2', dayscholar));
    expect(result.current).toEqual([]);
    expect(localStorage.getItem('campusrun.outbox.requests')).toBeNull();
    const send = vi.fn();
    await act(() => postQueued(send, () => undefined));
    expect(send).not.toHaveBeenCalled();
  });
});
