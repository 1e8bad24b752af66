import type { ChatMessage } from '@campusrun/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addMessageToThread, threadMessages, type ThreadPage, chatKeys } from './chat';

const me = '11111111-1111-4111-8111-111111111111';
const partner = '22222222-2222-4222-8222-222222222222';

const message = (n: number): ChatMessage => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  clientId: `client-${n}`,
  senderId: me,
  receiverId: partner,
  content: `message ${n}`,
  isRead: false,
  sentAt: new Date(Date.UTC(2026, 10, 23, 10, n)).toISOString(),
  product: null,
  image: null,
  offer: null,
});

const page = (messages: ChatMessage[]): ThreadPage => ({
  messages,
  nextCursor: null,
  user: { id: partner, name: 'Partner', avatar: null },
});

/** A thread in the cache with one message, and a refetch of it whose answer the test releases. */
async function threadWithRefetch(client: QueryClient) {
  let release: (p: ThreadPage) => void = () => {};
  let calls = 0;
  const queryFn = () => {
    calls++;
    return calls === 1 ? Promise.resolve(page([message(1)])) : new Promise<ThreadPage>((r) => (release = r));
  };
  const options = {
    queryKey: chatKeys.thread(partner),
    queryFn,
    initialPageParam: null as string | null,
    getNextPageParam: (last: ThreadPage) => last.nextCursor,
  };
  await client.fetchInfiniteQuery(options);
  const refetch = client.refetchQueries({ queryKey: chatKeys.thread(partner) });
  return { release: (p: ThreadPage) => release(p), refetch };
}

const contents = (client: QueryClient) =>
  threadMessages(client.getQueryData(chatKeys.thread(partner))).map((m) => m.content);

describe('addMessageToThread', () => {
  it('keeps a message stored while a refetch that read the thread before it was under way', async () => {
    const client = new QueryClient();
    // Observed so the refetch is not dropped as unused.
    const stop = client.getQueryCache().subscribe(() => {});
    const { release, refetch } = await threadWithRefetch(client);

    // The acknowledgement of a resent message arrives while the refetch is out…
    addMessageToThread(client, partner, message(2));
    expect(contents(client)).toEqual(['message 1', 'message 2']);

    // …and the refetch answers with the thread as it was before the message was stored.
    release(page([message(1)]));
    await refetch;
    expect(contents(client)).toEqual(['message 1', 'message 2']);
    stop();
  });

  it('adds a message once, by id or by clientId', async () => {
    const client = new QueryClient();
    const { release, refetch } = await threadWithRefetch(client);
    release(page([message(1), message(2)]));
    await refetch;
    addMessageToThread(client, partner, message(2));
    addMessageToThread(client, partner, { ...message(2), id: '00000000-0000-4000-8000-000000000009' });
    expect(contents(client)).toEqual(['message 1', 'message 2']);
  });
});
