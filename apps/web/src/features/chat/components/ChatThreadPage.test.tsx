import { DELETED_USER_NAME } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chatHandlers, conversationWith, makeMessage, makeNotification } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeProduct } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { currentSocket } from '@/test/socket';

const slow = { timeout: 10_000 };
const me = hosteller;
const partner = dayscholar;

async function openThread(path = `/chat/${partner.id}`) {
  server.use(meHandler(me), ...chatHandlers(partner));
  const app = renderApp(path, { user: me });
  await screen.findByRole('heading', { name: partner.name }, slow);
  await screen.findByText('No messages yet', undefined, slow);
  await waitFor(() => expect(currentSocket().connected).toBe(true));
  return app;
}

interface SendPayload {
  receiverId: string;
  message: string;
  clientId: string;
}

describe('chat thread', { timeout: 20_000 }, () => {
  it('connects with the token alone and shows Sending... → Sent on the ack → Read on the receipt', async () => {
    const { user } = await openThread();
    const socket = currentSocket();
    // Identity is the handshake's token; nothing else is sent to say who this is.
    expect(socket.options.auth).toEqual({ token: 'test-token' });
    expect(socket.emitted.map((e) => e.event)).not.toContain('user:login');

    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Hello Ravi{Enter}');

    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('Hello Ravi');
    expect(await screen.findByText('Sending...')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();

    const [payload] = socket.sent('message:send').at(-1) as [SendPayload];
    expect(payload).toMatchObject({ receiverId: partner.id, message: 'Hello Ravi' });
    expect(payload.clientId).toMatch(/^[A-Za-z0-9_-]+$/);

    const stored = makeMessage({
      senderId: me.id,
      receiverId: partner.id,
      content: 'Hello Ravi',
      clientId: payload.clientId,
    });
    socket.ack('message:send', { ok: true, message: stored });
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument();

    // The same message echoed back (e.g. from another tab) is not shown twice.
    socket.serverEmit('message:new', stored);
    expect(screen.getAllByText('Hello Ravi')).toHaveLength(1);

    socket.serverEmit('message:read', {
      readerId: partner.id,
      senderId: me.id,
      readAt: new Date().toISOString(),
    });
    expect(await screen.findByText('Read')).toBeInTheDocument();
    expect(screen.queryByText('Sent')).not.toBeInTheDocument();
  });

  it('removes a message whose send failed, toasts, and keeps the text', async () => {
    const { user } = await openThread();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Will fail{Enter}');
    expect(await screen.findByText('Sending...')).toBeInTheDocument();

    currentSocket().ack('message:send', { ok: false, error: 'Failed to send message' });

    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument();
    expect(screen.getByRole('log')).not.toHaveTextContent('Will fail');
    expect(input).toHaveValue('Will fail');
  });

  it('cannot send an empty or whitespace-only message', async () => {
    const { user } = await openThread();
    const input = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();

    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(currentSocket().sent('message:send')).toHaveLength(0);
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument();
  });

  it('shows the partner typing, and clears it on typing:stop', async () => {
    await openThread();
    const socket = currentSocket();
    socket.serverEmit('typing:start', { senderId: partner.id, receiverId: me.id });
    // The name and "is typing…" are two spans, so a long name can give way on one line.
    const typingLine = (_: string, element: Element | null) =>
      element?.tagName === 'P' && element.textContent === `${partner.name} is typing…`;
    expect(await screen.findByText(typingLine)).toBeInTheDocument();
    socket.serverEmit('typing:stop', { senderId: partner.id, receiverId: me.id });
    await waitFor(() => expect(screen.queryByText(typingLine)).not.toBeInTheDocument());
  });

  it('emits typing:start on input and typing:stop on send', async () => {
    const { user } = await openThread();
    const socket = currentSocket();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    expect(socket.sent('typing:start')).toEqual([[{ senderId: me.id, receiverId: partner.id }]]);
    expect(socket.sent('typing:stop')).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(socket.sent('typing:stop')).toEqual([[{ senderId: me.id, receiverId: partner.id }]]);
  });

  it('appends an incoming message live and shows the online dot', async () => {
    await openThread();
    const socket = currentSocket();
    expect(socket.sent('user:check')).toContainEqual([[partner.id]]);
    socket.serverEmit('user:status', { [partner.id]: true });
    expect(await screen.findByTestId('online-dot')).toBeInTheDocument();

    socket.serverEmit(
      'message:new',
      makeMessage({ senderId: partner.id, receiverId: me.id, content: 'On my way' }),
    );
    expect(await screen.findByText('On my way')).toBeInTheDocument();
    socket.serverEmit('user:offline', partner.id);
    await waitFor(() => expect(screen.queryByTestId('online-dot')).not.toBeInTheDocument());
  });

  it('a message that arrives while its thread is closed is read on the server when the thread opens again', async () => {
    const { user } = await openThread();
    const arrived = makeMessage({ senderId: partner.id, receiverId: me.id, content: 'At the gate' });
    let asked = 0;
    server.use(
      http.get(api('/chat/conversation/:userId'), () => {
        asked += 1;
        return HttpResponse.json({
          messages: [arrived],
          nextCursor: null,
          user: { id: partner.id, name: partner.name },
        });
      }),
      http.get(api('/chat/conversations'), () =>
        HttpResponse.json({ conversations: [conversationWith(partner)] }),
      ),
    );
    await user.click(screen.getByRole('link', { name: 'Back to conversations' }));
    await screen.findByRole('heading', { level: 1, name: 'Chat' }, slow);
    currentSocket().serverEmit('message:new', arrived);
    await user.click(await screen.findByRole('link', { name: new RegExp(partner.name) }, slow));
    expect(await screen.findByText('At the gate', undefined, slow)).toBeInTheDocument();
    // Asking for the thread is what marks it read (and sends the partner the receipt).
    await waitFor(() => expect(asked).toBe(1));
  });

  it('shows no toast for a message notification from the open thread, and marks it read', async () => {
    let marked: string | undefined;
    server.use(
      http.put(api('/notifications/:id/read'), ({ params }) => {
        marked = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await openThread();
    const socket = currentSocket();
    const note = makeNotification({
      type: 'message',
      message: 'Ravi Kumar sent you a message',
      data: { senderId: partner.id },
    });
    socket.serverEmit('notification', note);
    await waitFor(() => expect(marked).toBe(note.id));
    expect(screen.queryByText('Ravi Kumar sent you a message')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it("raises no toast for a message from the person whose thread is open, at any address, but does for someone else's", async () => {
    let marked: string | undefined;
    server.use(
      http.put(api('/notifications/:id/read'), ({ params }) => {
        marked = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    // The thread opened at another spelling of its address (a trailing slash).
    await openThread(`/chat/${partner.id}/`);
    const socket = currentSocket();
    const fromPartner = makeNotification({
      type: 'message',
      message: 'Ravi Kumar sent you a message',
      data: { senderId: partner.id },
    });
    socket.serverEmit('notification', fromPartner);
    await waitFor(() => expect(marked).toBe(fromPartner.id));

    const fromSomeoneElse = makeNotification({
      type: 'message',
      message: 'Meera sent you a message',
      data: { senderId: 'someone-else' },
    });
    socket.serverEmit('notification', fromSomeoneElse);
    expect(await screen.findByText('Meera sent you a message', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByText('Ravi Kumar sent you a message')).not.toBeInTheDocument();
    expect(marked).toBe(fromPartner.id);
  });

  it('sends an unacknowledged message again, with the same clientId, after a reconnect', async () => {
    const { user } = await openThread();
    const socket = currentSocket();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Across the drop{Enter}');
    const [first] = socket.sent('message:send').at(-1) as [SendPayload];

    socket.serverDrop();
    socket.serverConnect();
    await waitFor(() => expect(socket.sent('message:send')).toHaveLength(2));
    const [again] = socket.sent('message:send').at(-1) as [SendPayload];
    expect(again).toEqual(first);

    socket.ack('message:send', {
      ok: true,
      message: makeMessage({
        senderId: me.id,
        receiverId: partner.id,
        content: 'Across the drop',
        clientId: first.clientId,
      }),
    });
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.getAllByText('Across the drop')).toHaveLength(1);
  });

  it('titles the tab with the partner name', async () => {
    await openThread();
    await waitFor(() => expect(document.title).toBe(`${partner.name} · Chat · CampusRun`));
  });

  it('keeps the messages a real list inside a focusable, named chat log', async () => {
    server.use(
      meHandler(me),
      ...chatHandlers(partner, [
        makeMessage({ senderId: partner.id, receiverId: me.id, content: 'Are you at the gate?' }),
        makeMessage({ senderId: me.id, receiverId: partner.id, content: 'Yes', isRead: true }),
      ]),
    );
    renderApp(`/chat/${partner.id}`, { user: me });
    const log = await screen.findByRole('log', { name: `Messages with ${partner.name}` }, slow);
    // The log role is on the scrolling pane, not on the <ol> (which would orphan its <li>s).
    expect(log.tagName).not.toBe('OL');
    const list = within(log).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Are you at the gate?');
    // Reachable by keyboard so it can be scrolled (axe scrollable-region-focusable).
    expect(log).toHaveAttribute('tabindex', '0');
    expect(log).toHaveAttribute('aria-live', 'polite');
    // The day chip: slate-600 on slate-100 (slate-500 was 4.34:1).
    const chip = within(log).getByText('Today').parentElement!;
    expect(chip).toHaveClass('text-slate-600');
    expect(chip).not.toHaveClass('text-slate-500');
  });

  it.each([
    ['an unknown user', '00000000-0000-0000-0000-000000000000'],
    ['an id that is not a user id', 'not-a-uuid'],
  ])("says 'User not found' for %s, with a way back and no composer", async (_, id) => {
    server.use(
      meHandler(me),
      // What the server answers for both: the thread and the user card are 404 'User not found'.
      http.get(api('/chat/conversation/:userId'), () =>
        HttpResponse.json({ message: 'User not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
      http.get(api('/users/:id'), () =>
        HttpResponse.json({ message: 'User not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderApp(`/chat/${id}`, { user: me });

    expect(await screen.findByText('User not found', undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to conversations' })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load conversation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Chat · CampusRun'));
  });

  it('says you cannot message yourself on your own chat address, with no composer', async () => {
    server.use(
      meHandler(me),
      http.get(api('/chat/conversation/:userId'), () =>
        HttpResponse.json(
          { message: 'You cannot message yourself', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
      http.get(api('/users/:id'), () => HttpResponse.json({ user: me })),
    );
    renderApp(`/chat/${me.id}`, { user: me });
    expect(await screen.findByText('You cannot message yourself', undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to conversations' })).toHaveAttribute('href', '/chat');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load conversation')).not.toBeInTheDocument();
  });

  it('opened from a product page: shows its card with its photo and a ready question, sent only when the buyer sends it', async () => {
    const product = makeProduct({ sellerId: partner.id, name: 'Lady Bird cycle', price: 3000 });
    server.use(http.get(api('/products/:id'), () => HttpResponse.json({ product })));
    const { user } = await openThread(`/chat/${partner.id}?product=${product.id}`);
    const card = await screen.findByRole('region', { name: 'The product you are asking about' }, slow);
    expect(within(card).getByRole('link')).toHaveAttribute('href', `/products/${product.id}`);
    expect(within(card).getByText('Lady Bird cycle')).toBeInTheDocument();
    expect(within(card).getByText('₹3,000')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', expect.stringContaining(product.thumbnails[0]));
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveValue('Is this still available?');
    // Nothing went out by itself.
    expect(currentSocket().sent('message:send')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Is the cycle still available?{Enter}');
    const [payload] = currentSocket().sent('message:send').at(-1) as [SendPayload & { productId?: string }];
    expect(payload).toMatchObject({ message: 'Is the cycle still available?', productId: product.id });
  });

  it('a product link of someone else than the two: no card and nothing typed', async () => {
    const product = makeProduct({ name: 'Not theirs' });
    server.use(http.get(api('/products/:id'), () => HttpResponse.json({ product })));
    await openThread(`/chat/${partner.id}?product=${product.id}`);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''));
    expect(
      screen.queryByRole('region', { name: 'The product you are asking about' }),
    ).not.toBeInTheDocument();
  });

  it('a deleted partner: their old messages stay under "Deleted user", with no profile link, presence or reply box', async () => {
    const gone = { ...partner, name: DELETED_USER_NAME };
    const friend = { ...partner, id: '9c8d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e01', name: 'Kiran Das' };
    const old = makeMessage({ senderId: partner.id, receiverId: me.id, content: 'Thanks for the books' });
    server.use(
      meHandler(me),
      // A deleted account has no profile any more.
      http.get(api('/users/:id'), () =>
        HttpResponse.json({ message: 'User not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
      ...chatHandlers(
        gone,
        [old],
        [conversationWith(gone, 'Thanks for the books'), conversationWith(friend, 'See you')],
      ),
    );
    renderApp(`/chat/${partner.id}`, { user: me });
    const heading = await screen.findByRole('heading', { level: 1, name: DELETED_USER_NAME }, slow);
    expect(heading.closest('a')).toBeNull();
    expect(
      within(screen.getByRole('log', { name: `Messages with ${DELETED_USER_NAME}` })).getByText(
        'Thanks for the books',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentSocket().connected).toBe(true));
    // Even if presence said otherwise, nobody is online behind a deleted account.
    const conversations = within(await screen.findByRole('list', { name: 'Conversations' }));
    currentSocket().serverEmit('user:status', { [partner.id]: true, [friend.id]: true });
    await waitFor(() => expect(screen.getAllByTestId('online-dot')).toHaveLength(1));
    expect(conversations.getByRole('link', { name: /Kiran Das/ })).toContainElement(
      screen.getByTestId('online-dot'),
    );
    expect(conversations.getByRole('link', { name: /Deleted user/ })).toHaveTextContent(
      'Thanks for the books',
    );
    expect(screen.getAllByText('Online')).toHaveLength(1);
    expect(document.querySelector(`a[href="/users/${partner.id}"]`)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(
      screen.getByText('This account was deleted. You can read your messages, but not reply.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: `More actions for ${DELETED_USER_NAME}` }),
    ).not.toBeInTheDocument();
  });

  it('a member who only calls themselves "Deleted user" keeps their profile link and the reply box', async () => {
    const namesake = { ...partner, name: DELETED_USER_NAME };
    server.use(meHandler(me), ...chatHandlers(namesake));
    renderApp(`/chat/${partner.id}`, { user: me });
    expect(await screen.findByRole('link', { name: DELETED_USER_NAME }, slow)).toHaveAttribute(
      'href',
      `/users/${partner.id}`,
    );
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByText(/This account was deleted/)).not.toBeInTheDocument();
  });
});
