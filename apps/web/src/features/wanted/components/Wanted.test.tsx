import {
  PRODUCT_MESSAGES,
  type PublicProfile,
  type User,
  WANTED_MESSAGES,
  type WantedPost,
} from '@campusrun/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatHandlers, makeMessage, userRef } from '@/test/chat';
import { dayscholar, hosteller } from '@/test/fixtures';
import { deferred, imageFile, makeProduct } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const FIRST_RENDER = { timeout: 15_000 };
const DAY = 86_400_000;

let counter = 0;
function makeWanted(overrides: Partial<WantedPost> = {}): WantedPost {
  counter += 1;
  return {
    id: `9a5e0000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: 'Casio fx-991EX',
    details: 'Any condition, as long as the solar cell works.',
    category: 'electronics',
    maxPrice: 800,
    status: 'open',
    expired: false,
    expiresAt: new Date(Date.now() + 14 * DAY).toISOString(),
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    photo: null,
    poster: userRef(dayscholar),
    can: { answer: true, manage: false },
    ...overrides,
  };
}

/** GET /wanted answering `posts` (one page), and each post's own page. */
function wantedHandlers(posts: WantedPost[]) {
  return [
    http.get(api('/wanted'), () => HttpResponse.json({ posts, nextCursor: null })),
    http.get(api('/wanted/:id'), ({ params }) => {
      const post = posts.find((p) => p.id === params.id);
      return post
        ? HttpResponse.json({ post })
        : HttpResponse.json({ message: WANTED_MESSAGES.notFound }, { status: 404 });
    }),
  ];
}

/** A public profile with nothing on it but the member. */
function profileOf(member: User): PublicProfile {
  const none = { average: 0, count: 0 };
  return {
    id: member.id,
    name: member.name,
    avatar: null,
    role: member.role!,
    memberSince: '2026-08-01T10:00:00.000Z',
    ratings: { asDeliverer: none, asRequester: none, asSeller: none, asBuyer: none },
    reviews: [],
    stats: { deliveriesCompleted: 0, requestsCompleted: 0, itemsSold: 0, deliveryCancellationRate: null },
    reliability: {
      deliveriesCompleted: 0,
      requestsCompleted: 0,
      cancellationsAfterAcceptance: 0,
      deliveriesGivenUp: 0,
      disputesLost: 0,
      settlementsOverdue: 0,
      memberSince: '2026-08-01T10:00:00.000Z',
    },
    listings: [],
    following: false,
    followerCount: 0,
    canFollow: false,
  };
}

afterEach(() => onlineManager.setOnline(true));

const PHOTO = {
  url: '/uploads/wanted/0123456789abcdef0123456789abcdef.webp',
  thumbnail: '/uploads/wanted/0123456789abcdef0123456789abcdef-thumb.webp',
};
const PREVIEW = 'blob:wanted-photo-preview';
const PHOTO_BAR = /Adding photo|Processing photo/;

/** jsdom has no object URLs: a picked photo's preview gets this one. */
function stubObjectUrls() {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => PREVIEW);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    // @ts-expect-error jsdom has none of its own to put back
    delete URL.createObjectURL;
    // @ts-expect-error as above
    delete URL.revokeObjectURL;
  });
}

type Events = ReturnType<typeof renderApp>['user'];

/** The new-post form's fields, filled in as they pass the shared rules. */
async function fillWanted(user: Events) {
  await user.type(
    await screen.findByRole('textbox', { name: 'What are you looking for?' }, FIRST_RENDER),
    'Casio fx-991EX',
  );
  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'electronics');
  await user.type(screen.getByRole('textbox', { name: 'The most you would pay (₹)' }), '800');
}

describe('the marketplace Wanted tab', { timeout: 30_000 }, () => {
  it('is a tab of the marketplace kept in the address, listing what is wanted with its price, category, poster and time', async () => {
    server.use(
      meHandler(hosteller),
      http.get(api('/products'), () => HttpResponse.json({ products: [], nextCursor: null })),
      ...wantedHandlers([
        makeWanted(),
        makeWanted({ title: 'Hero cycle', category: 'cycles', maxPrice: 2500 }),
      ]),
    );
    const { user, location } = renderApp('/marketplace', { user: hosteller });
    const tab = await screen.findByRole('tab', { name: 'Wanted' }, FIRST_RENDER);
    expect(screen.getByRole('tab', { name: 'For sale' })).toHaveAttribute('aria-selected', 'true');
    await user.click(tab);
    await waitFor(() => expect(location().search).toBe('?tab=wanted'));
    expect(tab).toHaveAttribute('aria-selected', 'true');

    const list = await screen.findByRole('list', { name: 'Wanted posts' });
    const [casio, cycle] = within(list).getAllByRole('listitem');
    expect(within(casio!).getByRole('link', { name: 'Casio fx-991EX' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/wanted\/9a5e/),
    );
    expect(within(casio!).getByText('up to ₹800')).toBeInTheDocument();
    expect(within(casio!).getByText('Electronics')).toBeInTheDocument();
    expect(within(casio!).getByText(dayscholar.name)).toBeInTheDocument();
    expect(within(casio!).getByText('2 hr ago')).toBeInTheDocument();
    expect(within(cycle!).getByText('up to ₹2,500')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a wanted item' })).toHaveAttribute('href', '/wanted/new');
  });

  it("shows a post's photo as a small picture at the start of its row, and none for a post without one", async () => {
    server.use(
      meHandler(hosteller),
      ...wantedHandlers([
        makeWanted({ photo: PHOTO }),
        makeWanted({ title: 'Hero cycle', category: 'cycles' }),
      ]),
    );
    renderApp('/marketplace?tab=wanted', { user: hosteller });
    const list = await screen.findByRole('list', { name: 'Wanted posts' }, FIRST_RENDER);
    const [withPhoto, without] = within(list).getAllByRole('listitem');
    // The title beside it names the post: the picture is not read out.
    const thumbnail = within(withPhoto!).getByRole('presentation');
    expect(thumbnail).toHaveAttribute('src', PHOTO.thumbnail);
    expect(thumbnail).toHaveAttribute('alt', '');
    expect(withPhoto!.firstElementChild).toBe(thumbnail);
    expect(within(withPhoto!).getByRole('link', { name: 'Casio fx-991EX' })).toBeInTheDocument();
    expect(within(without!).getByRole('link', { name: 'Hero cycle' })).toBeInTheDocument();
    expect(without!.querySelector('img')).toBeNull();
  });

  it('sends the words and the category to the server and keeps them in the address', async () => {
    const asked: string[] = [];
    server.use(
      meHandler(hosteller),
      http.get(api('/wanted'), ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('search') ?? ''}|${url.searchParams.get('category') ?? ''}`);
        return HttpResponse.json({ posts: [], nextCursor: null });
      }),
    );
    const { user, location } = renderApp('/marketplace?tab=wanted', { user: hosteller });
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search wanted posts' }, FIRST_RENDER),
      'casio',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'electronics');
    await waitFor(() => expect(asked).toContain('casio|electronics'));
    const params = new URLSearchParams(location().search);
    expect(Object.fromEntries(params)).toEqual({ tab: 'wanted', search: 'casio', category: 'electronics' });
    expect(await screen.findByText('No wanted posts match your filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location().search).toBe('?tab=wanted'));
  });

  it('explains wanted posts when there are none, and shows loading then Retry after a failure', async () => {
    let fail = true;
    server.use(
      meHandler(dayscholar),
      http.get(api('/wanted'), async () => {
        await delay(200);
        return fail
          ? HttpResponse.json({ message: 'Internal server error' }, { status: 500 })
          : HttpResponse.json({ posts: [], nextCursor: null });
      }),
    );
    const { user } = renderApp('/marketplace?tab=wanted', { user: dayscholar });
    expect(await screen.findByRole('status', { name: 'Loading wanted posts' }, FIRST_RENDER)).toBeVisible();
    expect(await screen.findByText('Failed to load wanted posts')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nobody is looking for anything yet')).toBeInTheDocument();
    expect(screen.getByText(/Others answer “I have one” in chat/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Post a wanted item' })).toHaveLength(2);
  });

  it('pages with Load more', async () => {
    const first = makeWanted({ title: 'Drafter' });
    const second = makeWanted({ title: 'Lab coat' });
    server.use(
      meHandler(hosteller),
      http.get(api('/wanted'), ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'next'
          ? HttpResponse.json({ posts: [second], nextCursor: null })
          : HttpResponse.json({ posts: [first], nextCursor: 'next' }),
      ),
    );
    const { user } = renderApp('/marketplace?tab=wanted', { user: hosteller });
    await screen.findByRole('link', { name: 'Drafter' }, FIRST_RENDER);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Lab coat' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says the list is not saved on this phone when opened offline', async () => {
    server.use(meHandler(hosteller));
    act(() => onlineManager.setOnline(false));
    renderApp('/marketplace?tab=wanted', { user: hosteller });
    expect(
      await screen.findByText('This list isn’t saved on this phone', undefined, FIRST_RENDER),
    ).toBeVisible();
  });
});

describe('posting a wanted item', { timeout: 30_000 }, () => {
  it('checks the fields with the shared rules, posts, and opens the new post', async () => {
    const posted = makeWanted({ poster: userRef(hosteller), can: { answer: false, manage: true } });
    let body: unknown;
    server.use(
      meHandler(hosteller),
      ...wantedHandlers([posted]),
      http.post(api('/wanted'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ post: posted, message: WANTED_MESSAGES.posted }, { status: 201 });
      }),
    );
    const { user, location } = renderApp('/wanted/new', { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: 'Post a wanted item' }, FIRST_RENDER);
    await user.click(screen.getByRole('button', { name: 'Post wanted item' }));
    expect(await screen.findByText(WANTED_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(WANTED_MESSAGES.categoryRequired)).toBeInTheDocument();
    expect(screen.getByText(WANTED_MESSAGES.maxPriceRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'What are you looking for?' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'What are you looking for?' }), 'Casio fx-991EX');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'electronics');
    const price = screen.getByRole('textbox', { name: 'The most you would pay (₹)' });
    await user.type(price, '80.5');
    await user.click(screen.getByRole('button', { name: 'Post wanted item' }));
    expect(await screen.findByText(WANTED_MESSAGES.maxPriceInvalid)).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '800');
    await user.click(screen.getByRole('button', { name: 'Post wanted item' }));

    expect(await screen.findByText(WANTED_MESSAGES.posted)).toBeInTheDocument();
    expect(body).toEqual({ title: 'Casio fx-991EX', category: 'electronics', maxPrice: 800 });
    await waitFor(() => expect(location().pathname).toBe(`/wanted/${posted.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Casio fx-991EX' })).toBeInTheDocument();
  });

  it("shows the server's field errors at their fields and the open-post limit in a toast", async () => {
    let answer = 0;
    server.use(
      meHandler(dayscholar),
      http.post(api('/wanted'), () => {
        answer += 1;
        return answer === 1
          ? HttpResponse.json(
              {
                message: 'Validation failed',
                errors: [{ param: 'title', msg: 'Title contains characters that are not allowed' }],
              },
              { status: 400 },
            )
          : HttpResponse.json({ message: WANTED_MESSAGES.tooMany, reason: 'conflict' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/wanted/new', { user: dayscholar });
    const title = await screen.findByRole('textbox', { name: 'What are you looking for?' }, FIRST_RENDER);
    await user.type(title, 'Drafter');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'stationery');
    await user.type(screen.getByRole('textbox', { name: 'The most you would pay (₹)' }), '300');
    await user.click(screen.getByRole('button', { name: 'Post wanted item' }));
    expect(await screen.findByText('Title contains characters that are not allowed')).toBeInTheDocument();
    expect(title).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Post wanted item' }));
    expect(await screen.findByText(WANTED_MESSAGES.tooMany)).toBeInTheDocument();
  });

  describe('with a photo', () => {
    stubObjectUrls();

    it('posts first, then sends the chosen photo with a progress bar, and opens the post with it', async () => {
      let post = makeWanted({ poster: userRef(hosteller), can: { answer: false, manage: true } });
      const calls: string[] = [];
      const release = deferred();
      let sent: FormDataEntryValue | null = null;
      server.use(
        meHandler(hosteller),
        http.get(api('/wanted/:id'), () => HttpResponse.json({ post })),
        http.post(api('/wanted'), async ({ request }) => {
          calls.push(`create ${JSON.stringify(await request.json())}`);
          return HttpResponse.json({ post, message: WANTED_MESSAGES.posted }, { status: 201 });
        }),
        http.put(api(`/wanted/${post.id}/photo`), async ({ request }) => {
          calls.push('photo');
          sent = (await request.formData()).get('photo');
          await release.promise;
          post = { ...post, photo: PHOTO };
          return HttpResponse.json({ post, message: WANTED_MESSAGES.photoAdded });
        }),
      );
      const { user, location } = renderApp('/wanted/new', { user: hosteller });
      await fillWanted(user);

      // Chosen, removed (Add photo takes the focus back), then another one chosen.
      const photos = screen.getByRole('group', { name: 'Photo (optional)' });
      expect(within(photos).queryByRole('img')).not.toBeInTheDocument();
      await user.upload(screen.getByLabelText('Choose a photo'), imageFile('blurry.png', 1001));
      expect(within(photos).getByRole('img', { name: 'Preview of the chosen photo' })).toHaveAttribute(
        'src',
        PREVIEW,
      );
      await user.click(within(photos).getByRole('button', { name: 'Remove photo' }));
      expect(within(photos).queryByRole('img')).not.toBeInTheDocument();
      expect(within(photos).getByRole('button', { name: 'Add photo' })).toHaveFocus();
      await user.upload(screen.getByLabelText('Choose a photo'), imageFile('calculator.png', 1002));
      expect(within(photos).getByRole('button', { name: 'Change photo' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Post wanted item' }));
      expect(await screen.findByRole('progressbar', { name: PHOTO_BAR })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Post wanted item' })).toBeDisabled();
      expect(calls).toEqual([
        'create {"title":"Casio fx-991EX","category":"electronics","maxPrice":800}',
        'photo',
      ]);
      release.resolve();

      expect(await screen.findByText(WANTED_MESSAGES.posted)).toBeInTheDocument();
      await waitFor(() => expect(location().pathname).toBe(`/wanted/${post.id}`));
      expect(await screen.findByRole('img', { name: 'Casio fx-991EX' })).toHaveAttribute('src', PHOTO.url);
      expect(sent).toMatchObject({ type: 'image/png', size: 1002 });
    });

    it("still opens the post when its photo is refused, and says why in the server's words", async () => {
      const post = makeWanted({ poster: userRef(hosteller), can: { answer: false, manage: true } });
      const refusal = 'Please upload a PNG, JPG, GIF or WebP image';
      server.use(
        meHandler(hosteller),
        http.get(api('/wanted/:id'), () => HttpResponse.json({ post })),
        http.post(api('/wanted'), () =>
          HttpResponse.json({ post, message: WANTED_MESSAGES.posted }, { status: 201 }),
        ),
        http.put(api(`/wanted/${post.id}/photo`), () =>
          HttpResponse.json({ message: refusal, code: 'UNSUPPORTED_MEDIA_TYPE' }, { status: 415 }),
        ),
      );
      const { user, location } = renderApp('/wanted/new', { user: hosteller });
      await fillWanted(user);
      await user.upload(screen.getByLabelText('Choose a photo'), imageFile('calculator.png'));
      await user.click(screen.getByRole('button', { name: 'Post wanted item' }));

      expect(await screen.findByText(WANTED_MESSAGES.photoNotAdded(refusal))).toBeInTheDocument();
      await waitFor(() => expect(location().pathname).toBe(`/wanted/${post.id}`));
      expect(await screen.findByRole('heading', { level: 1, name: 'Casio fx-991EX' })).toBeInTheDocument();
      // The poster can add it from the post.
      expect(screen.getByRole('button', { name: 'Add photo' })).toBeInTheDocument();
      expect(screen.queryByText(WANTED_MESSAGES.posted)).not.toBeInTheDocument();
    });

    it('keeps what is typed and the photo when the post itself fails, and sends no photo', async () => {
      let photoSent = false;
      server.use(
        meHandler(hosteller),
        http.post(api('/wanted'), () =>
          HttpResponse.json({ message: WANTED_MESSAGES.tooMany, reason: 'conflict' }, { status: 409 }),
        ),
        http.put(api('/wanted/:id/photo'), () => {
          photoSent = true;
          return HttpResponse.json({});
        }),
      );
      const { user, location } = renderApp('/wanted/new', { user: hosteller });
      await fillWanted(user);
      await user.upload(screen.getByLabelText('Choose a photo'), imageFile('calculator.png'));
      await user.click(screen.getByRole('button', { name: 'Post wanted item' }));
      expect(await screen.findByText(WANTED_MESSAGES.tooMany)).toBeInTheDocument();
      expect(location().pathname).toBe('/wanted/new');
      expect(screen.getByRole('textbox', { name: 'What are you looking for?' })).toHaveValue(
        'Casio fx-991EX',
      );
      expect(screen.getByRole('img', { name: 'Preview of the chosen photo' })).toBeInTheDocument();
      expect(photoSent).toBe(false);
    });

    it('refuses a file that is not a photo the server takes before anything is sent', async () => {
      server.use(meHandler(hosteller));
      const { user } = renderApp('/wanted/new', { user: hosteller });
      await fillWanted(user);
      // The picker offers photos only; a browser may still hand over another file.
      fireEvent.change(screen.getByLabelText('Choose a photo'), {
        target: { files: [imageFile('notes.pdf', 2048, 'application/pdf')] },
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(PRODUCT_MESSAGES.imageType);
      expect(screen.queryByRole('img', { name: 'Preview of the chosen photo' })).not.toBeInTheDocument();
    });
  });
});

describe('a wanted post', { timeout: 30_000 }, () => {
  it('shows what is wanted, who wants it and until when; "I have one" links a listing and opens the chat', async () => {
    const post = makeWanted();
    const lamp = makeProduct({ name: 'Desk lamp', price: 450, sellerId: hosteller.id });
    let sent: unknown;
    let listingsAsked = '';
    server.use(
      meHandler(hosteller),
      ...wantedHandlers([post]),
      ...chatHandlers(dayscholar),
      http.get(api('/products'), ({ request }) => {
        listingsAsked = new URL(request.url).search;
        return HttpResponse.json({ products: [lamp], nextCursor: null });
      }),
      http.post(api(`/wanted/${post.id}/answer`), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ receiverId: dayscholar.id, message: WANTED_MESSAGES.answered });
      }),
    );
    const { user, location } = renderApp(`/wanted/${post.id}`, { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: 'Casio fx-991EX' }, FIRST_RENDER);
    expect(screen.getByText('up to ₹800')).toBeInTheDocument();
    expect(screen.getByText(/^Open until/)).toBeInTheDocument();
    expect(screen.getByText(post.details!)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: dayscholar.name })).toHaveAttribute(
      'href',
      `/users/${dayscholar.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have one' }));
    const dialog = await screen.findByRole('dialog', { name: 'I have one' });
    expect(
      within(dialog).getByText('Without one, they read “I have one: Casio fx-991EX”.'),
    ).toBeInTheDocument();
    const listing = await within(dialog).findByRole('combobox', {
      name: 'Link one of your listings (optional)',
    });
    expect(new URLSearchParams(listingsAsked).get('sellerId')).toBe(hosteller.id);
    expect(new URLSearchParams(listingsAsked).get('status')).toBe('available');
    await user.selectOptions(listing, 'Desk lamp · ₹450');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Message (optional)' }),
      'Mine is barely used',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));

    expect(await screen.findByText(WANTED_MESSAGES.answered)).toBeInTheDocument();
    expect(sent).toEqual({ content: 'Mine is barely used', productId: lamp.id });
    await waitFor(() => expect(location().pathname).toBe(`/chat/${dayscholar.id}`));
  });

  it('shows a listing the server refuses at its field', async () => {
    const post = makeWanted();
    const bodies: unknown[] = [];
    server.use(
      meHandler(hosteller),
      ...wantedHandlers([post]),
      http.get(api('/products'), () =>
        HttpResponse.json({ products: [makeProduct({ name: 'Old lamp' })], nextCursor: null }),
      ),
      http.post(api(`/wanted/${post.id}/answer`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            message: WANTED_MESSAGES.productNotYours,
            reason: 'badRequest',
            errors: [{ param: 'productId', msg: WANTED_MESSAGES.productNotYours }],
          },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp(`/wanted/${post.id}`, { user: hosteller });
    await user.click(await screen.findByRole('button', { name: 'I have one' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'I have one' });
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Link one of your listings (optional)' }),
      'Old lamp · ₹500',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText(WANTED_MESSAGES.productNotYours)).toBeInTheDocument();
    expect(bodies).toEqual([{ productId: expect.any(String) }]);
  });

  it('offers a day scholar no listing to link', async () => {
    const post = makeWanted({ poster: userRef(hosteller) });
    let listingsAsked = false;
    server.use(
      meHandler(dayscholar),
      ...wantedHandlers([post]),
      http.get(api('/products'), () => {
        listingsAsked = true;
        return HttpResponse.json({ products: [], nextCursor: null });
      }),
    );
    const { user } = renderApp(`/wanted/${post.id}`, { user: dayscholar });
    await user.click(await screen.findByRole('button', { name: 'I have one' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'I have one' });
    expect(within(dialog).getByRole('textbox', { name: 'Message (optional)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/listings|nothing on sale/)).not.toBeInTheDocument();
    expect(listingsAsked).toBe(false);
  });

  it('lets its poster renew, close (after a confirmation) and delete it', async () => {
    let post = makeWanted({ poster: userRef(hosteller), can: { answer: false, manage: true } });
    server.use(
      meHandler(hosteller),
      http.get(api('/wanted/:id'), () => HttpResponse.json({ post })),
      http.post(api(`/wanted/${post.id}/renew`), () =>
        HttpResponse.json({ post, message: WANTED_MESSAGES.renewed }),
      ),
      http.post(api(`/wanted/${post.id}/close`), () => {
        post = { ...post, status: 'closed' };
        return HttpResponse.json({ post, message: WANTED_MESSAGES.closed });
      }),
      http.delete(api(`/wanted/${post.id}`), () => HttpResponse.json({ message: WANTED_MESSAGES.deleted })),
    );
    const { user, location } = renderApp(`/wanted/${post.id}`, { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: 'Casio fx-991EX' }, FIRST_RENDER);
    expect(screen.getByText('you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have one' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText(WANTED_MESSAGES.renewed)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close this wanted post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close post' }));
    expect(await screen.findByText(WANTED_MESSAGES.closed)).toBeInTheDocument();
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const del = await screen.findByRole('dialog', { name: 'Delete this wanted post?' });
    await user.click(within(del).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(WANTED_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe('?tab=wanted'));
  });

  describe('its photo', () => {
    stubObjectUrls();

    it('lets its poster add, change and remove it, with progress, toasts and failures in an alert', async () => {
      let post = makeWanted({ poster: userRef(hosteller), can: { answer: false, manage: true } });
      const release = deferred();
      let puts = 0;
      let deletes = 0;
      const sizes: number[] = [];
      const changed = { url: PHOTO.url.replace('0123', '4567'), thumbnail: PHOTO.thumbnail };
      server.use(
        meHandler(hosteller),
        http.get(api('/wanted/:id'), () => HttpResponse.json({ post })),
        http.put(api(`/wanted/${post.id}/photo`), async ({ request }) => {
          puts += 1;
          sizes.push(((await request.formData()).get('photo') as File).size);
          if (puts === 1) await release.promise;
          post = { ...post, photo: puts === 1 ? PHOTO : changed };
          return HttpResponse.json({ post, message: WANTED_MESSAGES.photoAdded });
        }),
        http.delete(api(`/wanted/${post.id}/photo`), () => {
          deletes += 1;
          if (deletes === 1) return HttpResponse.json({ message: '' }, { status: 500 });
          post = { ...post, photo: null };
          return HttpResponse.json({ post, message: WANTED_MESSAGES.photoRemoved });
        }),
      );
      const { user } = renderApp(`/wanted/${post.id}`, { user: hosteller });
      await screen.findByRole('heading', { level: 1, name: 'Casio fx-991EX' }, FIRST_RENDER);
      expect(screen.queryByRole('img', { name: 'Casio fx-991EX' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Change photo' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

      // Add photo: sent at once, with its progress.
      expect(screen.getByRole('button', { name: 'Add photo' })).toBeEnabled();
      await user.upload(screen.getByLabelText('Choose a photo'), imageFile('calculator.png', 1001));
      expect(await screen.findByRole('progressbar', { name: PHOTO_BAR })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add photo' })).toBeDisabled();
      release.resolve();
      expect(await screen.findByText(WANTED_MESSAGES.photoAdded)).toBeInTheDocument();
      const shown = await screen.findByRole('img', { name: 'Casio fx-991EX' });
      expect(shown).toHaveAttribute('src', PHOTO.url);
      expect(shown).toHaveAttribute('loading', 'lazy');
      expect(screen.queryByRole('progressbar', { name: PHOTO_BAR })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add photo' })).not.toBeInTheDocument();

      // Change photo: the new one replaces it.
      expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
      await user.upload(screen.getByLabelText('Choose a photo'), imageFile('closer.png', 1002));
      await waitFor(() =>
        expect(screen.getByRole('img', { name: 'Casio fx-991EX' })).toHaveAttribute('src', changed.url),
      );

      // Remove photo: a failure in an alert by the photo, which stays; then it goes.
      await user.click(screen.getByRole('button', { name: 'Remove photo' }));
      const page = within(screen.getByRole('article'));
      expect(await page.findByRole('alert')).toHaveTextContent(
        'Could not remove the photo. Please try again. The server is busy.',
      );
      expect(screen.getByRole('img', { name: 'Casio fx-991EX' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove photo' }));
      expect(await screen.findByText(WANTED_MESSAGES.photoRemoved)).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('img', { name: 'Casio fx-991EX' })).not.toBeInTheDocument(),
      );
      expect(page.queryByRole('alert')).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Add photo' })).toHaveFocus());
      expect(deletes).toBe(2);
      expect(sizes).toEqual([1001, 1002]);
    });

    it("shows its poster the server's refusal of a photo in an alert", async () => {
      const post = makeWanted({ poster: userRef(hosteller), can: { answer: false, manage: true } });
      server.use(
        meHandler(hosteller),
        ...wantedHandlers([post]),
        http.put(api(`/wanted/${post.id}/photo`), () =>
          HttpResponse.json({ message: 'Image size should be less than 5MB' }, { status: 413 }),
        ),
      );
      const { user } = renderApp(`/wanted/${post.id}`, { user: hosteller });
      await screen.findByRole('heading', { level: 1, name: 'Casio fx-991EX' }, FIRST_RENDER);
      await user.upload(screen.getByLabelText('Choose a photo'), imageFile('calculator.png'));
      expect(await within(screen.getByRole('article')).findByRole('alert')).toHaveTextContent(
        'Image size should be less than 5MB',
      );
      expect(screen.getByRole('button', { name: 'Add photo' })).toBeEnabled();
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    });

    it('shows another member the photo, and none of the buttons to change it', async () => {
      const post = makeWanted({ photo: PHOTO });
      server.use(meHandler(hosteller), ...wantedHandlers([post]));
      renderApp(`/wanted/${post.id}`, { user: hosteller });
      const photo = await screen.findByRole('img', { name: 'Casio fx-991EX' }, FIRST_RENDER);
      expect(photo).toHaveAttribute('src', PHOTO.url);
      expect(photo).toHaveAttribute('decoding', 'async');
      expect(screen.getByRole('button', { name: 'I have one' })).toBeInTheDocument();
      for (const name of ['Add photo', 'Change photo', 'Remove photo'])
        expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Choose a photo')).not.toBeInTheDocument();
    });
  });

  it('tells another member a closed post can no longer be answered', async () => {
    const post = makeWanted({ status: 'closed', can: { answer: false, manage: false } });
    server.use(meHandler(hosteller), ...wantedHandlers([post]));
    renderApp(`/wanted/${post.id}`, { user: hosteller });
    expect(
      await screen.findByText(`${WANTED_MESSAGES.notOpen}.`, undefined, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have one' })).not.toBeInTheDocument();
  });

  it('says when it is not found, with the way back to the list', async () => {
    server.use(meHandler(hosteller), ...wantedHandlers([]));
    renderApp('/wanted/9a5e0000-0000-4000-8000-999999999999', { user: hosteller });
    expect(await screen.findByText(WANTED_MESSAGES.notFound, undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See what others want' })).toHaveAttribute(
      'href',
      '/marketplace?tab=wanted',
    );
  });
});

describe('wanted posts elsewhere', { timeout: 30_000 }, () => {
  it('shows the answered wanted post as a card in the chat, closed ones marked', async () => {
    const answer = makeMessage({
      senderId: dayscholar.id,
      receiverId: hosteller.id,
      content: 'I have one: Casio fx-991EX',
      wanted: {
        id: '9a5e0000-0000-4000-8000-000000000777',
        title: 'Casio fx-991EX',
        maxPrice: 800,
        status: 'closed',
      },
    });
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar, [answer]));
    renderApp(`/chat/${dayscholar.id}`, { user: hosteller });
    const card = await screen.findByRole('link', { name: /Wanted: Casio fx-991EX/ }, FIRST_RENDER);
    expect(card).toHaveAttribute('href', '/wanted/9a5e0000-0000-4000-8000-000000000777');
    expect(card).toHaveTextContent('up to ₹800');
    expect(within(card).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByText('I have one: Casio fx-991EX')).toBeInTheDocument();
  });

  it("lists a member's wanted posts on their profile", async () => {
    const profile = profileOf(dayscholar);
    let asked = '';
    server.use(
      meHandler(hosteller),
      http.get(api(`/users/${dayscholar.id}/profile`), () => HttpResponse.json({ profile })),
      http.get(api('/wanted'), ({ request }) => {
        asked = new URL(request.url).searchParams.get('posterId') ?? '';
        return HttpResponse.json({ posts: [makeWanted({ title: 'Lab coat' })], nextCursor: null });
      }),
    );
    renderApp(`/users/${dayscholar.id}`, { user: hosteller });
    const section = await screen.findByRole('region', { name: 'Wanted' }, FIRST_RENDER);
    expect(asked).toBe(dayscholar.id);
    expect(within(section).getByRole('link', { name: 'Lab coat' })).toBeInTheDocument();
    expect(within(section).getByText('up to ₹800')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Post a wanted item' })).not.toBeInTheDocument();
  });

  it("shows no Wanted section on another member's profile when they want nothing", async () => {
    let asked = false;
    server.use(
      meHandler(hosteller),
      http.get(api(`/users/${dayscholar.id}/profile`), () =>
        HttpResponse.json({ profile: profileOf(dayscholar) }),
      ),
      http.get(api('/wanted'), () => {
        asked = true;
        return HttpResponse.json({ posts: [], nextCursor: null });
      }),
    );
    renderApp(`/users/${dayscholar.id}`, { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: dayscholar.name }, FIRST_RENDER);
    await waitFor(() => expect(asked).toBe(true));
    await act(() => delay(50));
    expect(screen.queryByRole('region', { name: 'Wanted' })).not.toBeInTheDocument();
  });

  it("offers the way to post one on one's own profile, even with none", async () => {
    server.use(
      meHandler(hosteller),
      http.get(api(`/users/${hosteller.id}/profile`), () =>
        HttpResponse.json({ profile: profileOf(hosteller) }),
      ),
    );
    renderApp(`/users/${hosteller.id}`, { user: hosteller });
    const section = await screen.findByRole('region', { name: 'Wanted' }, FIRST_RENDER);
    expect(within(section).getByRole('link', { name: 'Post a wanted item' })).toHaveAttribute(
      'href',
      '/wanted/new',
    );
  });
});
