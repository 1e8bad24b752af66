import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatHandlers } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { meHandler, server } from '@/test/server';

const slow = { timeout: 10_000 };
const topBar = async () => within(await screen.findByRole('banner', {}, slow));
const RUN_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('top bar', { timeout: 20_000 }, () => {
  it('names the screen, with the menu and no Back on a place of its own', async () => {
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
    renderApp('/money', { user: hosteller });
    const bar = await topBar();
    expect(bar.getByText('Money')).toBeInTheDocument();
    expect(bar.queryByText('Hosteller Dashboard')).not.toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('goes back where the student came from', async () => {
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
    const { user, location, navigate } = renderApp('/money', { user: hosteller });
    await topBar();
    navigate(`/runs/${RUN_ID}`);
    const bar = await topBar();
    expect(await bar.findByText('Shared run')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location().pathname).toBe('/money'));
  });

  it('opened from a link, Back goes to the list the screen belongs to', async () => {
    server.use(meHandler(dayscholar), ...chatHandlers(hosteller));
    const { user, location } = renderApp(`/runs/${RUN_ID}`, { user: dayscholar });
    const bar = await topBar();
    await user.click(bar.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location().pathname).toBe('/runs'));
    expect(await bar.findByText('Shared runs')).toBeInTheDocument();
  });

  it.each([
    { screen: 'Sell Product', at: '/hosteller/sell-product', list: '/marketplace' },
    { screen: 'New Request', at: '/hosteller/my-requests/new', list: '/hosteller/my-requests' },
  ])(
    'a form for a new thing ($screen) has the one Back, to its list, and no second link in the page',
    async ({ screen: title, at, list }) => {
      server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
      const { user, location } = renderApp(at, { user: hosteller });
      const bar = await topBar();
      expect(await bar.findByText(title)).toBeInTheDocument();
      await screen.findByRole('heading', { level: 1, name: title }, slow);
      expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
      await user.click(bar.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(location().pathname).toBe(list));
    },
  );

  it('inside a conversation leaves the conversation’s own header as the only one on a phone', async () => {
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar));
    renderApp(`/chat/${dayscholar.id}`, { user: hosteller });
    expect(await screen.findByRole('textbox', { name: 'Message' }, slow)).toBeInTheDocument();
    const banners = screen.getAllByRole('banner', { hidden: true });
    const appBar = banners.find((b) => within(b).queryByRole('link', { name: 'Money', hidden: true }));
    expect(appBar).toHaveClass('max-lg:hidden');
    expect(screen.getByRole('link', { name: 'Back to conversations' })).toBeInTheDocument();
  });
});
