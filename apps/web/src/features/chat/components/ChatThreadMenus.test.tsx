import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatHandlers, makeMessage } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { menuButton } from '@/test/menus';
import { currentSocket } from '@/test/socket';
import { formatTime } from '@/lib/format';

const slow = { timeout: 10_000 };

// The menus position themselves with ResizeObserver, which jsdom lacks.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});
const me = hosteller;
const partner = dayscholar;

function blockHandlers() {
  const blocked = new Set<string>();
  return [
    http.get(api('/users/blocked'), () =>
      HttpResponse.json({
        users: [...blocked].map((id) => ({
          id,
          name: partner.name,
          avatar: null,
          blockedAt: new Date().toISOString(),
        })),
      }),
    ),
    http.post(api('/users/:id/block'), ({ params }) => {
      blocked.add(String(params.id));
      return HttpResponse.json({ message: 'User blocked' });
    }),
    http.delete(api('/users/:id/block'), ({ params }) => {
      blocked.delete(String(params.id));
      return HttpResponse.json({ message: 'User unblocked' });
    }),
  ];
}

async function openThread(messages: Parameters<typeof chatHandlers>[1] = []) {
  server.use(meHandler(me), ...blockHandlers(), ...chatHandlers(partner, messages));
  const app = renderApp(`/chat/${partner.id}`, { user: me });
  await screen.findByRole('heading', { name: partner.name }, slow);
  return app;
}

const moreButton = () => menuButton(`More actions for ${partner.name}`);

describe('chat thread header', { timeout: 20_000 }, () => {
  it('keeps Report and Block in a ⋯ menu named for the partner, so the name has the room', async () => {
    const { user } = await openThread();
    const header = screen.getByRole('heading', { name: partner.name }).closest('header')!;
    expect(within(header).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /Block/ })).not.toBeInTheDocument();

    const more = await moreButton();
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(more);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Report user' })).toBeInTheDocument();
    expect(await within(menu).findByRole('menuitem', { name: 'Block' })).toBeInTheDocument();
  });

  it('reports the partner from the header menu', async () => {
    const { user } = await openThread();
    await user.click(await moreButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Report user' }));
    expect(await screen.findByRole('dialog', { name: `Report ${partner.name}` })).toBeInTheDocument();
  });

  it('blocks from the header menu after confirming, and the menu then offers Unblock', async () => {
    const { user } = await openThread();
    await user.click(await moreButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: `Block ${partner.name}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('User blocked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(await moreButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Unblock' }));
    expect(await screen.findByText('User unblocked')).toBeInTheDocument();
  });

  it('keeps "is typing…" on one line: a long name gives way, the words stay', async () => {
    await openThread();
    currentSocket().serverEmit('typing:start', { senderId: partner.id, receiverId: me.id });
    const status = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === `${partner.name} is typing…`,
    );
    expect(status).toHaveClass('flex', 'h-4', 'whitespace-pre');
    expect(within(status).getByText(partner.name)).toHaveClass('truncate');
    expect(within(status).getByText('is typing…')).toHaveClass('shrink-0');
  });
});

describe('a received message', { timeout: 20_000 }, () => {
  const received = () =>
    makeMessage({ senderId: partner.id, receiverId: me.id, content: 'Are you at the gate?' });

  it('has its own ⋯ menu with Report message instead of a Report action under it', async () => {
    const message = received();
    const { user } = await openThread([
      message,
      makeMessage({ senderId: me.id, receiverId: partner.id, content: 'Yes' }),
    ]);
    const log = await screen.findByRole('log');
    expect(within(log).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    const what = `the message of ${formatTime(message.sentAt)}`;
    // Only the received message has one: your own messages cannot be reported.
    const buttons = within(log).getAllByRole('button', { name: /^More actions for / });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName(`More actions for ${what}`);

    await user.click(await menuButton(`More actions for ${what}`, log));
    await user.click(await screen.findByRole('menuitem', { name: 'Report message' }));
    const dialog = await screen.findByRole('dialog', { name: `Report ${what}` });
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeInTheDocument();
  });

  it('opens its menu on a long press with a finger, not on a short tap', async () => {
    await openThread([received()]);
    const bubble = await screen.findByText('Are you at the gate?');

    fireEvent.pointerDown(bubble, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerUp(bubble, { pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    fireEvent.pointerDown(bubble, { pointerType: 'touch', clientX: 10, clientY: 10 });
    const menu = await screen.findByRole('menu', undefined, { timeout: 2000 });
    expect(within(menu).getByRole('menuitem', { name: 'Report message' })).toBeInTheDocument();
  });

  it('shows its http(s) addresses as links that open in a new tab, and nothing else as a link', async () => {
    await openThread([
      makeMessage({
        senderId: partner.id,
        receiverId: me.id,
        content: 'Photos at https://example.com/cycle. Not javascript:alert(1) or <b>bold</b>',
      }),
    ]);
    const log = await screen.findByRole('log');
    const links = await within(log).findAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('https://example.com/cycle');
    expect(links[0]).toHaveAttribute('href', 'https://example.com/cycle');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer ugc');
    // The rest is text, markup included.
    expect(log).toHaveTextContent('Not javascript:alert(1) or <b>bold</b>');
    expect(log.querySelector('b')).toBeNull();
  });
});
