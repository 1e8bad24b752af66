import { LOST_FOUND_UI } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { userRef } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { lostFoundHandlers, makeLostFound } from '@/test/lost-found';
import { menuButton } from '@/test/menus';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const FIRST_RENDER = { timeout: 15_000 };
const PHOTO = {
  url: '/uploads/lost-found/0123456789abcdef0123456789abcdef.webp?exp=1&sig=a',
  thumbnail: '/uploads/lost-found/0123456789abcdef0123456789abcdef-thumb.webp?exp=1&sig=b',
};

describe('the lost and found board', { timeout: 30_000 }, () => {
  it('lists the posts newest first: Lost or Found, the title linking to the post, where, when, category and poster', async () => {
    const found = makeLostFound({ photos: [PHOTO] });
    const lost = makeLostFound({
      kind: 'lost',
      title: 'Grey umbrella',
      category: 'other',
      place: 'Canteen',
      question: null,
      when: new Date(Date.now() - 26 * 3_600_000).toISOString(),
      poster: userRef(hosteller),
    });
    server.use(meHandler(hosteller), ...lostFoundHandlers([found, lost]));
    renderApp('/lost-found', { user: hosteller });

    expect(
      await screen.findByRole('heading', { level: 1, name: LOST_FOUND_UI.title }, FIRST_RENDER),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Lost and found posts' });
    const [phone, umbrella] = within(list).getAllByRole('listitem');
    expect(within(phone!).getByRole('link', { name: 'Black phone in a blue case' })).toHaveAttribute(
      'href',
      `/lost-found/${found.id}`,
    );
    expect(within(phone!).getByText('Found', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(within(phone!).getByText('Library, 2nd floor')).toBeInTheDocument();
    expect(within(phone!).getByText('3 hr ago')).toBeInTheDocument();
    expect(within(phone!).getByText('Electronics')).toBeInTheDocument();
    expect(within(phone!).getByText(dayscholar.name)).toBeInTheDocument();
    // The first photo's small copy, not read out (the title names the post).
    const thumbnail = within(phone!).getByRole('presentation');
    expect(thumbnail).toHaveAttribute('src', PHOTO.thumbnail);

    expect(within(umbrella!).getByText('Lost', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(within(umbrella!).getByText('yesterday')).toBeInTheDocument();
    expect(umbrella!.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: LOST_FOUND_UI.newPost })).toHaveAttribute(
      'href',
      '/lost-found/new',
    );
  });

  it('sends Lost or Found, the words and the category to the server, keeps them in the address, and clears them', async () => {
    const asked: string[] = [];
    server.use(
      meHandler(dayscholar),
      http.get(api('/lost-found'), ({ request }) => {
        const p = new URL(request.url).searchParams;
        asked.push(`${p.get('kind') ?? ''}|${p.get('q') ?? ''}|${p.get('category') ?? ''}`);
        return HttpResponse.json({ posts: [], nextCursor: null });
      }),
    );
    const { user, location } = renderApp('/lost-found', { user: dayscholar });
    const kinds = await screen.findByRole('group', { name: 'Lost or found' }, FIRST_RENDER);
    expect(within(kinds).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(kinds).getByRole('button', { name: 'Found' }));
    expect(within(kinds).getByRole('button', { name: 'Found' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByRole('searchbox', { name: 'Search lost and found' }), 'phone');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'electronics');
    await waitFor(() => expect(asked).toContain('found|phone|electronics'));
    expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({
      kind: 'found',
      search: 'phone',
      category: 'electronics',
    });
    // "New post" starts a found post, as the board shows found ones.
    expect(screen.getAllByRole('link', { name: LOST_FOUND_UI.newPost })[0]).toHaveAttribute(
      'href',
      '/lost-found/new?kind=found',
    );
    expect(await screen.findByText(LOST_FOUND_UI.list.filteredTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LOST_FOUND_UI.list.clearFilters }));
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() => expect(asked.at(-1)).toBe('||'));
  });

  it('shows rows while loading, then the error with Retry, then the empty state with the way to post', async () => {
    let fail = true;
    server.use(
      meHandler(hosteller),
      http.get(api('/lost-found'), async () => {
        await delay(200);
        return fail
          ? HttpResponse.json({ message: 'Internal server error' }, { status: 500 })
          : HttpResponse.json({ posts: [], nextCursor: null });
      }),
    );
    const { user } = renderApp('/lost-found', { user: hosteller });
    expect(
      await screen.findByRole('status', { name: LOST_FOUND_UI.list.loading }, FIRST_RENDER),
    ).toBeVisible();
    expect(await screen.findByText(LOST_FOUND_UI.list.failed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(LOST_FOUND_UI.list.emptyTitle)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: LOST_FOUND_UI.newPost })).toHaveLength(2);
  });

  it('pages with Load more', async () => {
    const first = makeLostFound({ title: 'Calculator' });
    const second = makeLostFound({ title: 'Lab coat' });
    server.use(
      meHandler(hosteller),
      http.get(api('/lost-found'), ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'next'
          ? HttpResponse.json({ posts: [second], nextCursor: null })
          : HttpResponse.json({ posts: [first], nextCursor: 'next' }),
      ),
    );
    const { user } = renderApp('/lost-found', { user: hosteller });
    await screen.findByRole('link', { name: 'Calculator' }, FIRST_RENDER);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Lab coat' })).toHaveFocus();
  });

  it('is reached from the user menu', async () => {
    server.use(meHandler(dayscholar), ...lostFoundHandlers([]));
    const { user } = renderApp('/dayscholar/dashboard', { user: dayscholar });
    await user.click(await menuButton('Open user menu'));
    expect(await screen.findByRole('menuitem', { name: LOST_FOUND_UI.title })).toHaveAttribute(
      'href',
      '/lost-found',
    );
  });

  it("is in a hosteller's + menu, to post at once", async () => {
    server.use(meHandler(hosteller), ...lostFoundHandlers([]));
    const { user } = renderApp('/hosteller/dashboard', { user: hosteller });
    await user.click(await menuButton('New'));
    expect(await screen.findByRole('menuitem', { name: LOST_FOUND_UI.newMenuItem })).toHaveAttribute(
      'href',
      '/lost-found/new',
    );
  });
});
