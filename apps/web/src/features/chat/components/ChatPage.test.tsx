import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chatHandlers, conversationWith, makeMessage } from '@/test/chat';
import { dayscholar, hosteller, incompleteUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { currentSocket } from '@/test/socket';

const slow = { timeout: 10_000 };
const other = { ...incompleteUser, name: 'Meera Iyer', role: 'hosteller' as const };

describe('chat list', { timeout: 20_000 }, () => {
  it('filters conversations by user name', async () => {
    server.use(
      meHandler(hosteller),
      ...chatHandlers(
        dayscholar,
        [],
        [conversationWith(dayscholar, 'Reached the gate', 2), conversationWith(other)],
      ),
    );
    const { user } = renderApp('/chat', { user: hosteller });
    const list = (await screen.findByRole('link', { name: /Ravi Kumar/ }, slow)).closest('ul')!;
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: /Ravi Kumar/ })).toHaveTextContent('2 unread');

    await waitFor(() => expect(document.title).toBe('Chat · CampusRun'));

    await user.type(screen.getByRole('searchbox', { name: 'Search conversations by name' }), 'meer');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: /Meera Iyer/ })).toHaveAttribute(
      'href',
      `/chat/${other.id}`,
    );

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(screen.getByText('No conversations match “nobody”')).toBeInTheDocument();
  });

  it('moves a conversation to the top on a new message and raises its unread count', async () => {
    server.use(
      meHandler(hosteller),
      ...chatHandlers(
        dayscholar,
        [],
        [conversationWith(other, 'Hi'), conversationWith(dayscholar, 'Earlier', 0)],
      ),
    );
    renderApp('/chat', { user: hosteller });
    await screen.findByRole('link', { name: /Ravi Kumar/ }, slow);
    await waitFor(() => expect(currentSocket().connected).toBe(true));

    const outside = makeMessage({
      senderId: dayscholar.id,
      receiverId: hosteller.id,
      content: 'Outside now',
    });
    currentSocket().serverEmit('message:new', outside);
    await waitFor(() => {
      const links = screen.getAllByRole('link', { name: /Ravi Kumar|Meera Iyer/ });
      expect(links[0]).toHaveTextContent('Ravi Kumar');
      expect(links[0]).toHaveTextContent('Outside now');
      expect(links[0]).toHaveTextContent('1 unread');
    });

    // The same message pushed again (its sender resent it) is not a second unread one.
    currentSocket().serverEmit('message:new', outside);
    const next = makeMessage({ senderId: dayscholar.id, receiverId: hosteller.id, content: 'At the gate' });
    currentSocket().serverEmit('message:new', next);
    await waitFor(() => {
      const ravi = screen.getAllByRole('link', { name: /Ravi Kumar/ })[0];
      expect(ravi).toHaveTextContent('At the gate');
      expect(ravi).toHaveTextContent('2 unread');
    });
  });

  it('shows the error state', async () => {
    server.use(
      meHandler(hosteller),
      http.get(api('/chat/conversations'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    renderApp('/chat', { user: hosteller });
    expect(await screen.findByText('Failed to load conversations', undefined, slow)).toBeInTheDocument();
  });

  it.each([
    { who: 'a hosteller', me: hosteller, next: 'Go to the Marketplace', to: '/marketplace' },
    { who: 'a day scholar', me: dayscholar, next: 'Browse requests', to: '/dayscholar/browse-requests' },
  ])('with no conversations, shows $who where to start one, and no search box', async ({ me, next, to }) => {
    server.use(
      meHandler(me),
      http.get(api('/chat/conversations'), () => HttpResponse.json({ conversations: [] })),
    );
    renderApp('/chat', { user: me });
    await screen.findByText('No conversations yet', undefined, slow);
    expect(screen.getByRole('link', { name: next })).toHaveAttribute('href', to);
    expect(screen.queryByRole('searchbox', { name: 'Search conversations by name' })).not.toBeInTheDocument();
  });

  it('shows Reconnecting… while the socket is down and refetches after reconnecting', async () => {
    let calls = 0;
    server.use(
      meHandler(hosteller),
      http.get(api('/chat/conversations'), () => {
        calls += 1;
        return HttpResponse.json({ conversations: [] });
      }),
    );
    renderApp('/chat', { user: hosteller });
    await screen.findByText('No conversations yet', undefined, slow);
    await waitFor(() => expect(currentSocket().connected).toBe(true));
    const before = calls;

    currentSocket().serverDrop();
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    currentSocket().serverConnect();
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument());
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });
});
