import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatHandlers, conversationWith, makeMessage } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { meHandler, server } from '@/test/server';
import { currentSocket } from '@/test/socket';

/** The first screen of a test loads lazy chunks: allow it more time. */
const slow = { timeout: 10_000 };

const tabBar = () => screen.findByRole('navigation', { name: 'Tab bar' }, slow);
const tabNames = (bar: HTMLElement) =>
  within(bar)
    .getAllByRole('listitem')
    .map((item) => (item.firstElementChild as HTMLElement).textContent);

describe('phone tab bar', { timeout: 20_000 }, () => {
  it('gives a hosteller Home, Marketplace, a New menu (New request, Sell product, Wanted item), Chat and Me', async () => {
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
    const { user } = renderApp('/hosteller/dashboard', { user: hosteller });

    const bar = await tabBar();
    expect(tabNames(bar)).toEqual(['Home', 'Marketplace', 'New', 'Chat', 'Me']);
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/hosteller/dashboard');
    expect(within(bar).getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(within(bar).getByRole('link', { name: 'Me' })).toHaveAttribute('href', '/profile');

    await user.click(within(bar).getByRole('button', { name: 'New' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'New request' })).toHaveAttribute(
      'href',
      '/hosteller/my-requests/new',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Sell product' })).toHaveAttribute(
      'href',
      '/hosteller/sell-product',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Wanted item' })).toHaveAttribute(
      'href',
      '/wanted/new',
    );
  });

  it('gives a day scholar Browse and the Marketplace instead of Marketplace and New', async () => {
    server.use(meHandler(dayscholar), ...chatHandlers(hosteller));
    renderApp('/dayscholar/dashboard', { user: dayscholar });

    const bar = await tabBar();
    expect(tabNames(bar)).toEqual(['Home', 'Browse', 'Marketplace', 'Chat', 'Me']);
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dayscholar/dashboard');
    expect(within(bar).getByRole('link', { name: 'Browse' })).toHaveAttribute(
      'href',
      '/dayscholar/browse-requests',
    );
    expect(within(bar).getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(within(bar).queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
  });

  it("keeps a day scholar's Home marked on their deliveries, which Home leads with", async () => {
    server.use(meHandler(dayscholar), ...chatHandlers(hosteller));
    renderApp('/dayscholar/my-deliveries', { user: dayscholar });

    const bar = await tabBar();
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Browse' })).not.toHaveAttribute('aria-current');
  });

  it('marks the tab of the current screen, and reaches Chat in one tap', async () => {
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
    const { user, location } = renderApp('/hosteller/dashboard', { user: hosteller });

    const bar = await tabBar();
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Chat' })).not.toHaveAttribute('aria-current');

    await user.click(within(bar).getByRole('link', { name: 'Chat' }));
    await waitFor(() => expect(location().pathname).toBe('/chat'));
    await waitFor(() =>
      expect(within(bar).getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(bar).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('reaches Money in one tap from the top bar, for either role', async () => {
    server.use(meHandler(dayscholar), ...chatHandlers(hosteller));
    const { user, location } = renderApp('/dayscholar/dashboard', { user: dayscholar });
    const topBar = within(await screen.findByRole('banner', {}, slow));
    await user.click(topBar.getByRole('link', { name: 'Money' }));
    await waitFor(() => expect(location().pathname).toBe('/money'));
    await waitFor(() =>
      expect(topBar.getByRole('link', { name: 'Money' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('shows the unread message count on Chat and raises it when a message arrives', async () => {
    const other = { ...dayscholar, id: '9c8d7e6f-5a02-4b61-8b72-7b1c2d3e4f50', name: 'Meera Iyer' };
    server.use(
      meHandler(hosteller),
      ...chatHandlers(
        dayscholar,
        [],
        [conversationWith(dayscholar, 'Hi', 2), conversationWith(other, 'Yo', 1)],
      ),
    );
    renderApp('/hosteller/dashboard', { user: hosteller });

    const bar = await tabBar();
    const chat = await within(bar).findByRole('link', { name: 'Chat, 3 unread' });
    expect(within(chat).getByTestId('chat-unread-badge')).toHaveTextContent('3');

    await waitFor(() => expect(currentSocket().connected).toBe(true));
    currentSocket().serverEmit(
      'message:new',
      makeMessage({ senderId: dayscholar.id, receiverId: hosteller.id, content: 'On my way' }),
    );
    expect(await within(bar).findByRole('link', { name: 'Chat, 4 unread' })).toBeInTheDocument();
  });

  it('shows 9+ above nine unread messages', async () => {
    server.use(
      meHandler(hosteller),
      ...chatHandlers(dayscholar, [], [conversationWith(dayscholar, 'Hi', 12)]),
    );
    renderApp('/hosteller/dashboard', { user: hosteller });
    const chat = await within(await tabBar()).findByRole('link', { name: 'Chat, 12 unread' });
    expect(within(chat).getByTestId('chat-unread-badge')).toHaveTextContent('9+');
  });

  it('steps aside inside an open conversation, where the composer sits at the bottom', async () => {
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
    renderApp(`/chat/${dayscholar.id}`, { user: hosteller });
    expect(await screen.findByRole('textbox', { name: 'Message' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tab bar' })).not.toBeInTheDocument();
  });
});
