import { BLOCK_MESSAGES, CHAT_MESSAGES, type Conversation, SOCKET_OPTIONS } from '@campusrun/shared';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatHandlers, conversationWith, makeMessage } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { currentSocket, fakeSocketSettings } from '@/test/socket';
import { toastsSettled, toastTexts } from '@/test/toasts';

const slow = { timeout: 10_000 };
const me = hosteller;
const partner = dayscholar;

interface SendPayload {
  receiverId: string;
  message: string;
  clientId: string;
}

/** The POSTs /chat the app made (none unless the socket is down). */
function watchPosts(answer: (body: { content: string; clientId: string }) => Response) {
  const posts: { content: string; clientId: string }[] = [];
  server.use(
    http.post(api('/chat'), async ({ request }) => {
      const body = (await request.json()) as { content: string; clientId: string };
      posts.push(body);
      return answer(body);
    }),
  );
  return posts;
}

async function openThread(conversations: Conversation[] = []) {
  server.use(meHandler(me), ...chatHandlers(partner, [], conversations));
  const app = renderApp(`/chat/${partner.id}`, { user: me });
  await screen.findByRole('heading', { name: partner.name }, slow);
  await screen.findByText('No messages yet', undefined, slow);
  await waitFor(() => expect(currentSocket().connected).toBe(true));
  return app;
}

const goOffline = () => act(() => onlineManager.setOnline(false));
const goOnline = () => act(() => onlineManager.setOnline(true));

/** The server stores the last message:send and acknowledges it. */
function ackLast(content: string) {
  const socket = currentSocket();
  const [payload] = socket.sent('message:send').at(-1) as [SendPayload];
  expect(payload.message).toBe(content);
  socket.ack('message:send', {
    ok: true,
    message: makeMessage({ senderId: me.id, receiverId: partner.id, content, clientId: payload.clientId }),
  });
  return payload;
}

/** Lets anything the app would do on its own (a send, a timer at 0) happen before asserting it did not. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('chat without a network', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    act(() => onlineManager.setOnline(true));
  });

  it('offline, a message stays in the thread "Waiting for network", and once back online each goes once, in the order written', async () => {
    const posts = watchPosts(() => HttpResponse.error());
    const { user } = await openThread();
    const socket = currentSocket();
    const input = screen.getByRole('textbox', { name: 'Message' });

    goOffline();
    await user.type(input, 'Leaving the library now{Enter}');
    await user.type(input, 'Be there in ten{Enter}');

    const log = screen.getByRole('log');
    expect(within(log).getAllByText('Waiting for network')).toHaveLength(2);
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
    await settle();
    expect(socket.sent('message:send')).toHaveLength(0);
    expect(posts).toHaveLength(0);
    expect(toastTexts()).not.toContain('Failed to send message');

    goOnline();
    // One at a time: the second goes once the first is stored.
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(1));
    expect(screen.queryByText('Waiting for network')).not.toBeInTheDocument();
    expect(screen.getAllByText('Sending...')).toHaveLength(2);
    const first = ackLast('Leaving the library now');
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(2));
    const second = ackLast('Be there in ten');
    expect(second.clientId).not.toBe(first.clientId);

    await waitFor(() => expect(screen.getAllByText('Sent')).toHaveLength(2));
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument();
    const items = within(within(log).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Leaving the library now'),
      expect.stringContaining('Be there in ten'),
    ]);
    await settle();
    expect(socket.sent('message:send')).toHaveLength(2);
    expect(posts).toHaveLength(0);
  });

  it('with the socket down, a refusal fails as before, but a server out of reach keeps the message until the socket is back', async () => {
    const posts = watchPosts(({ content }) =>
      content === 'Blocked?'
        ? HttpResponse.json({ message: BLOCK_MESSAGES.cannotMessage, code: 'FORBIDDEN' }, { status: 403 })
        : HttpResponse.error(),
    );
    const { user } = await openThread();
    const socket = currentSocket();
    socket.serverDrop();
    const input = screen.getByRole('textbox', { name: 'Message' });

    // Refused by the server: the toast, and the text back.
    await user.type(input, 'Blocked?{Enter}');
    expect(await screen.findByText(BLOCK_MESSAGES.cannotMessage)).toBeInTheDocument();
    expect(screen.getByRole('log')).not.toHaveTextContent('Blocked?');
    expect(input).toHaveValue('Blocked?');
    await user.clear(input);

    // Not reached at all: it waits.
    await user.type(input, 'At the gate{Enter}');
    expect(await screen.findByText('Waiting for network')).toBeInTheDocument();
    expect(posts.map((p) => p.content)).toEqual(['Blocked?', 'At the gate']);
    await toastsSettled();
    expect(toastTexts()).not.toContain('Failed to send message');

    socket.serverConnect();
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(1));
    const sent = ackLast('At the gate');
    expect(sent.clientId).toBe(posts[1].clientId);
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.getAllByText('At the gate')).toHaveLength(1);
    expect(screen.queryByText('Waiting for network')).not.toBeInTheDocument();
    await settle();
    expect(socket.sent('message:send')).toHaveLength(1);
    expect(posts).toHaveLength(2);
  });

  it('a message on its way when the network goes waits for it past the send timeout, then goes once more with its clientId', async () => {
    const { user } = await openThread();
    const socket = currentSocket();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Got the parcel{Enter}');
    expect(await screen.findByText('Sending...')).toBeInTheDocument();
    const [first] = socket.sent('message:send').at(-1) as [SendPayload];

    goOffline();
    expect(await screen.findByText('Waiting for network')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SOCKET_OPTIONS.timeout * 2));
    expect(screen.getByText('Waiting for network')).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveTextContent('Got the parcel');
    await toastsSettled();
    expect(toastTexts()).not.toContain('Failed to send message');
    expect(socket.sent('message:send')).toHaveLength(1);

    goOnline();
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(2));
    const again = ackLast('Got the parcel');
    expect(again).toEqual(first);
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.getAllByText('Got the parcel')).toHaveLength(1);
  });

  it('Cancel takes a waiting message back: its text returns to an empty composer, and it is never sent', async () => {
    const posts = watchPosts(() => HttpResponse.error());
    const { user } = await openThread();
    const socket = currentSocket();
    const input = screen.getByRole('textbox', { name: 'Message' });
    const log = screen.getByRole('log');

    goOffline();
    await user.type(input, 'Need anything?{Enter}');
    await user.type(input, 'Milk and bread{Enter}');
    const bubbles = within(log).getAllByRole('listitem');
    expect(bubbles).toHaveLength(2);

    // Something new in the composer is not replaced.
    await user.type(input, 'Actually');
    await user.click(within(bubbles[1]).getByRole('button', { name: 'Cancel message' }));
    expect(log).not.toHaveTextContent('Milk and bread');
    expect(input).toHaveValue('Actually');

    // An empty composer takes the text back, and the keyboard is there to edit it.
    await user.clear(input);
    await user.click(within(log).getByRole('button', { name: 'Cancel message' }));
    expect(log).not.toHaveTextContent('Need anything?');
    expect(within(log).queryAllByRole('listitem')).toHaveLength(0);
    expect(input).toHaveValue('Need anything?');
    expect(input).toHaveFocus();

    goOnline();
    await settle();
    expect(socket.sent('message:send')).toHaveLength(0);
    expect(posts).toHaveLength(0);
  });

  it('a message held offline that the server refuses once back online fails with the toast and gives its text back', async () => {
    const { user } = await openThread();
    const socket = currentSocket();
    const input = screen.getByRole('textbox', { name: 'Message' });

    goOffline();
    await user.type(input, 'Are you there?{Enter}');
    expect(screen.getByText('Waiting for network')).toBeInTheDocument();

    goOnline();
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(1));
    socket.ack('message:send', { ok: false, error: BLOCK_MESSAGES.cannotMessage });
    expect(await screen.findByText(BLOCK_MESSAGES.cannotMessage)).toBeInTheDocument();
    expect(screen.getByRole('log')).not.toHaveTextContent('Are you there?');
    expect(input).toHaveValue('Are you there?');
    await settle();
    expect(socket.sent('message:send')).toHaveLength(1);
  });

  it('offline, the photo button is off and says why; back online it works again', async () => {
    await openThread();
    const photo = screen.getByRole('button', { name: 'Send a photo' });
    expect(photo).toBeEnabled();
    expect(photo).not.toHaveAttribute('title');

    goOffline();
    expect(photo).toBeDisabled();
    expect(photo).toHaveAttribute('title', 'You’re offline');
    expect(photo).toHaveAccessibleDescription('You’re offline');

    goOnline();
    expect(photo).toBeEnabled();
    expect(photo).not.toHaveAttribute('title');
  });
});

describe('a server too busy to take a message', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays "Sending..." with its text, and goes again by itself after the wait the server gave, once more with its clientId', async () => {
    const { user } = await openThread();
    const socket = currentSocket();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Running late{Enter}');
    const [first] = socket.sent('message:send').at(-1) as [SendPayload];
    socket.ack('message:send', { ok: false, error: CHAT_MESSAGES.busy, reason: 'busy', retryAfter: 1500 });

    expect(screen.getByText('Sending...')).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveTextContent('Running late');
    act(() => vi.advanceTimersByTime(1000));
    expect(socket.sent('message:send')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(2));
    expect(ackLast('Running late')).toEqual(first);

    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.getAllByText('Running late')).toHaveLength(1);
    expect(input).toHaveValue('');
    await toastsSettled();
    expect(toastTexts()).not.toContain(CHAT_MESSAGES.busy);
    expect(toastTexts()).not.toContain(CHAT_MESSAGES.failed);
  });
});

describe('waiting messages outside their thread', { timeout: 20_000 }, () => {
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
  });

  /** Back to the conversation list, as the thread's Back does: the thread is no longer on screen. */
  async function leaveForChatList(app: Awaited<ReturnType<typeof openThread>>) {
    app.navigate('/chat');
    await screen.findByRole('heading', { name: 'Chat', level: 1 }, slow);
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    return screen.getByRole('list', { name: 'Conversations' });
  }

  it('a message written offline waits in the chat list once its thread is left, and goes once when the network is back, nobody moved', async () => {
    const posts = watchPosts(() => HttpResponse.error());
    const app = await openThread([conversationWith(partner, 'See you soon')]);
    const socket = currentSocket();

    goOffline();
    await app.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Leaving the library now{Enter}');
    expect(screen.getByRole('log')).toHaveTextContent('Waiting for network');

    const list = await leaveForChatList(app);
    expect(within(list).getByText('Waiting to send: Leaving the library now')).toBeInTheDocument();
    expect(within(list).queryByText('See you soon')).not.toBeInTheDocument();
    await settle();
    expect(socket.sent('message:send')).toHaveLength(0);

    goOnline();
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(1));
    ackLast('Leaving the library now');
    expect(await within(list).findByText('You: Leaving the library now')).toBeInTheDocument();
    expect(within(list).queryByText(/Waiting to send/)).not.toBeInTheDocument();
    await settle();
    expect(socket.sent('message:send')).toHaveLength(1);
    expect(posts).toHaveLength(0);
    expect(app.location().pathname).toBe('/chat');
  });

  it('refused while its thread is closed: the toast names the partner, and the text is in the composer when the thread opens', async () => {
    const app = await openThread([conversationWith(partner)]);
    const socket = currentSocket();

    goOffline();
    await app.user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    const list = await leaveForChatList(app);

    goOnline();
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(1));
    socket.ack('message:send', { ok: false, error: BLOCK_MESSAGES.cannotMessage });
    expect(
      await screen.findByText(
        `Couldn’t send your message to ${partner.name}: ${BLOCK_MESSAGES.cannotMessage}`,
      ),
    ).toBeInTheDocument();
    expect(within(list).queryByText(/Waiting to send/)).not.toBeInTheDocument();
    expect(app.location().pathname).toBe('/chat');

    await app.user.click(within(list).getByRole('link', { name: new RegExp(partner.name) }));
    expect(await screen.findByRole('textbox', { name: 'Message' }, slow)).toHaveValue('Are you there?');
    expect(screen.getByRole('log')).not.toHaveTextContent('Are you there?');
  });

  it('a message the app kept when it closed goes after the next start, once, with its own clientId', async () => {
    const kept = {
      partnerId: partner.id,
      clientId: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      content: 'Written before the app closed',
      sentAt: new Date().toISOString(),
    };
    localStorage.setItem(
      'campusrun.outbox.chat',
      JSON.stringify({ userId: me.id, messages: [kept], returned: {} }),
    );
    // The app starts with the server out of reach: the live connection waits, and a POST gets nowhere.
    fakeSocketSettings.autoConnect = false;
    const posts = watchPosts(() => HttpResponse.error());
    server.use(meHandler(me), ...chatHandlers(partner, [], [conversationWith(partner)]));
    const app = renderApp('/chat', { user: me });

    const list = await screen.findByRole('list', { name: 'Conversations' }, slow);
    expect(await within(list).findByText(`Waiting to send: ${kept.content}`)).toBeInTheDocument();
    expect(posts).toEqual([expect.objectContaining({ clientId: kept.clientId, content: kept.content })]);

    await waitFor(() => currentSocket());
    const socket = currentSocket();
    socket.serverConnect();
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(1));
    expect(ackLast(kept.content).clientId).toBe(kept.clientId);
    expect(await within(list).findByText(`You: ${kept.content}`)).toBeInTheDocument();
    expect(within(list).queryByText(/Waiting to send/)).not.toBeInTheDocument();
    expect(localStorage.getItem('campusrun.outbox.chat')).toBeNull();
    await settle();
    expect(socket.sent('message:send')).toHaveLength(1);
    expect(posts).toHaveLength(1);
    expect(app.location().pathname).toBe('/chat');
  });
});
