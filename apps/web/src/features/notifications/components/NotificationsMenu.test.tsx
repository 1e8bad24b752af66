import type { AppNotification } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chatHandlers, makeNotification } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { currentSocket } from '@/test/socket';
import { menuButton } from '@/test/menus';

/** The first screen of a test loads lazy chunks: allow it more time. */
const slow = { timeout: 10_000 };

function withNotifications(notifications: AppNotification[], unreadCount: number) {
  server.use(
    meHandler(hosteller),
    ...chatHandlers(dayscholar),
    http.get(api('/notifications'), () =>
      HttpResponse.json({ notifications, unreadCount, nextCursor: null }),
    ),
  );
}

describe('notifications bell', { timeout: 20_000 }, () => {
  it('shows 9+ above nine unread and offers Mark all as read', async () => {
    const list = Array.from({ length: 12 }, (_, i) => makeNotification({ message: `Note ${i}` }));
    withNotifications(list, 12);
    let markedAll = false;
    server.use(
      http.put(api('/notifications/read-all'), () => {
        markedAll = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/chat', { user: hosteller });

    const bell = await screen.findByRole('button', { name: 'Notifications, 12 unread' }, slow);
    expect(within(bell).getByText('9+')).toBeInTheDocument();
    await user.click(bell);
    await user.click(await menuButton('Mark all as read'));

    await waitFor(() => expect(markedAll).toBe(true));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    // Focus stays in the panel when the button goes away.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh notifications' })).toHaveFocus());
  });

  it('hides Mark all as read when everything is read, and shows the empty state', async () => {
    withNotifications([], 0);
    const { user } = renderApp('/chat', { user: hosteller });
    await user.click(await menuButton('Notifications'));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows the error state with Retry', async () => {
    server.use(
      meHandler(hosteller),
      ...chatHandlers(dayscholar),
      http.get(api('/notifications'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    const { user } = renderApp('/chat', { user: hosteller });
    await user.click(await menuButton('Notifications'));
    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('opens the target of a clicked notification and marks it read', async () => {
    const note = makeNotification({
      type: 'message',
      message: 'Ravi sent you a message',
      data: { senderId: dayscholar.id },
    });
    withNotifications([note], 1);
    let marked: string | undefined;
    server.use(
      http.put(api('/notifications/:id/read'), ({ params }) => {
        marked = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, location } = renderApp('/chat', { user: hosteller });

    await user.click(await menuButton('Notifications, 1 unread'));
    await user.click(await screen.findByRole('button', { name: /Ravi sent you a message/ }));

    await waitFor(() => expect(location().pathname).toBe(`/chat/${dayscholar.id}`));
    await waitFor(() => expect(marked).toBe(note.id));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('puts a pushed notification on top, raises the count and shows a toast', async () => {
    const old = makeNotification({ message: 'Older one' });
    withNotifications([old], 1);
    const { user } = renderApp('/chat', { user: hosteller });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' }, slow);
    await waitFor(() => expect(currentSocket().connected).toBe(true));

    // Open, so the list on screen is the cached one the push lands in.
    await user.click(await menuButton('Notifications, 1 unread'));
    const older = await screen.findByRole('button', { name: /Older one/ });

    const pushed = makeNotification({ message: 'Your request was completed', type: 'request_completed' });
    currentSocket().serverEmit('notification', pushed);

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
    const items = within(older.closest('ul')!).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Your request was completed');
    expect(items[1]).toHaveTextContent('Older one');
    // …and the toast (the list item plus the toast).
    await waitFor(() => expect(screen.getAllByText('Your request was completed')).toHaveLength(2));
  });

  it('chat spam: a refreshed message notification moves to the top with its new time and counts once', async () => {
    const fromRavi = makeNotification({
      type: 'message',
      message: 'Ravi sent you a message',
      data: { senderId: dayscholar.id },
      createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    });
    const other = makeNotification({
      message: 'Newer one',
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    });
    withNotifications([other, fromRavi], 2);
    const { user } = renderApp('/chat', { user: hosteller });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' }, slow);
    await waitFor(() => expect(currentSocket().connected).toBe(true));
    await user.click(await menuButton('Notifications, 2 unread'));
    const list = (await screen.findByRole('button', { name: /Newer one/ })).closest('ul')!;

    currentSocket().serverEmit('notification', { ...fromRavi, createdAt: new Date().toISOString() });

    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Ravi sent you a message'),
    );
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('just now');
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('opens in place after the bell: no aria-hidden focus sentinels, natural tab order', async () => {
    withNotifications([makeNotification({ message: 'Unread one' })], 1);
    const { user } = renderApp('/chat', { user: hosteller });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, slow);
    await user.click(bell);
    const item = await screen.findByRole('button', { name: /Unread one/ });

    // An anchored (portalled) panel made Headless UI add aria-hidden focusable buttons (axe
    // aria-hidden-focus); in place, there are none and Tab goes from the bell into the panel.
    expect(document.querySelectorAll('[id^="headlessui-focus-sentinel"]')).toHaveLength(0);
    expect(document.querySelectorAll('[aria-hidden="true"]:is(button, a, input, [tabindex])')).toHaveLength(
      0,
    );
    expect(bell.parentElement).toContainElement(item);
    expect(bell).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveFocus();

    // The time of an unread row: slate-600 on the indigo tint (slate-500 was 4.45:1).
    const time = item.querySelector('time')!;
    expect(time).toHaveClass('text-slate-600');
    expect(time).not.toHaveClass('text-slate-500');
  });
});
