import {
  LOST_FOUND_MESSAGES as M,
  LOST_FOUND_NOTICES,
  LOST_FOUND_UI,
  type LostFoundPost,
  REPORT_MESSAGES,
} from '@campusrun/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chatHandlers, makeMessage, makeNotification } from '@/test/chat';
import { dayscholar, hosteller, incompleteUser } from '@/test/fixtures';
import { asPoster, lostFoundHandlers, makeClaim, makeLostFound } from '@/test/lost-found';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { currentSocket } from '@/test/socket';

const FIRST_RENDER = { timeout: 15_000 };
const C = LOST_FOUND_UI.claim;
const P = LOST_FOUND_UI.poster;

/** A third member, who claims with a guess. */
const guesser = { ...incompleteUser, name: 'Gita Guesser Raghunathan Subramaniam' };

/** GET /lost-found/{id} answering whatever `current()` is now. */
const postHandler = (current: () => LostFoundPost) =>
  http.get(api('/lost-found/:id'), () => HttpResponse.json({ post: current() }));

describe('a found post, seen by another member', { timeout: 30_000 }, () => {
  it('shows what, where, when, the question and the finder; "That\'s mine" sends an answer, which can be withdrawn', async () => {
    let post = makeLostFound();
    const claimId = '2c0f0000-0000-4000-8000-000000000999';
    const bodies: unknown[] = [];
    server.use(
      meHandler(hosteller),
      postHandler(() => post),
      http.post(api(`/lost-found/${post.id}/claims`), async ({ request }) => {
        bodies.push(await request.json());
        post = { ...post, myClaim: { id: claimId, status: 'open' }, can: { claim: false, manage: false } };
        return HttpResponse.json({ claim: post.myClaim, message: M.claimed }, { status: 201 });
      }),
      http.post(api(`/lost-found/${post.id}/claims/${claimId}/withdraw`), () => {
        post = { ...post, myClaim: { id: claimId, status: 'withdrawn' } };
        return HttpResponse.json({ claim: post.myClaim, message: M.claimWithdrawn });
      }),
    );
    const { user } = renderApp(`/lost-found/${post.id}`, { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: 'Black phone in a blue case' }, FIRST_RENDER);
    expect(screen.getByText(/^Open until/)).toBeInTheDocument();
    expect(screen.getByText('Library, 2nd floor')).toBeInTheDocument();
    expect(screen.getByText(post.details!)).toBeInTheDocument();
    expect(screen.getByText('What is the lock-screen picture?')).toBeInTheDocument();
    expect(screen.queryByText(LOST_FOUND_UI.post.expected)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: dayscholar.name })).toHaveAttribute(
      'href',
      `/users/${dayscholar.id}`,
    );
    expect(screen.getByRole('button', { name: LOST_FOUND_UI.post.report })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: P.renew })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: C.action }));
    const dialog = await screen.findByRole('dialog', { name: C.action });
    expect(within(dialog).getByText('What is the lock-screen picture?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: C.submit }));
    expect(await within(dialog).findByText(M.claimAnswerRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: C.answerLabel }), 'A sunset over the sea');
    await user.click(within(dialog).getByRole('button', { name: C.submit }));
    expect(await screen.findByText(M.claimed)).toBeInTheDocument();
    expect(bodies).toEqual([{ answer: 'A sunset over the sea' }]);
    expect(await screen.findByText(C.state.open)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: C.action })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: C.withdraw }));
    const confirm = await screen.findByRole('dialog', { name: C.withdrawTitle });
    await user.click(within(confirm).getByRole('button', { name: C.withdrawConfirm }));
    expect(await screen.findByText(M.claimWithdrawn)).toBeInTheDocument();
    expect(await screen.findByText(C.state.withdrawn)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: C.withdraw })).not.toBeInTheDocument();
  });

  it('says in the dialog why a claim is refused, keeping the answer', async () => {
    const post = makeLostFound();
    server.use(
      meHandler(hosteller),
      ...lostFoundHandlers([post]),
      http.post(api(`/lost-found/${post.id}/claims`), () =>
        HttpResponse.json({ message: M.tooManyClaims, reason: 'conflict' }, { status: 409 }),
      ),
    );
    const { user } = renderApp(`/lost-found/${post.id}`, { user: hosteller });
    await user.click(await screen.findByRole('button', { name: C.action }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: C.action });
    await user.type(within(dialog).getByRole('textbox', { name: C.answerLabel }), 'A sunset');
    await user.click(within(dialog).getByRole('button', { name: C.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.tooManyClaims);
    expect(within(dialog).getByRole('textbox', { name: C.answerLabel })).toHaveValue('A sunset');
  });

  it('tells a claimant whose claim was accepted to arrange the handover in the chat', async () => {
    const post = makeLostFound({
      state: 'resolved',
      can: { claim: false, manage: false },
      myClaim: { id: '2c0f0000-0000-4000-8000-000000000998', status: 'accepted' },
    });
    server.use(meHandler(hosteller), ...lostFoundHandlers([post]));
    renderApp(`/lost-found/${post.id}`, { user: hosteller });
    expect(await screen.findByText(C.state.accepted, undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: C.openChat })).toHaveAttribute('href', `/chat/${dayscholar.id}`);
  });

  it('says a resolved post was returned to its owner, and offers no claim', async () => {
    const post = makeLostFound({
      state: 'resolved',
      can: { claim: false, manage: false },
      myClaim: { id: '2c0f0000-0000-4000-8000-000000000997', status: 'closed' },
    });
    server.use(meHandler(hosteller), ...lostFoundHandlers([post]));
    renderApp(`/lost-found/${post.id}`, { user: hosteller });
    expect(
      (await screen.findAllByText(M.stateLabels.resolved, undefined, FIRST_RENDER)).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText(C.state.closed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: C.action })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: C.withdraw })).not.toBeInTheDocument();
  });

  it('offers the chat with whoever lost something', async () => {
    const post = makeLostFound({ kind: 'lost', question: null, can: { claim: false, manage: false } });
    server.use(meHandler(hosteller), ...lostFoundHandlers([post]));
    renderApp(`/lost-found/${post.id}`, { user: hosteller });
    expect(
      await screen.findByRole('link', { name: LOST_FOUND_UI.post.message(dayscholar.name) }, FIRST_RENDER),
    ).toHaveAttribute('href', `/chat/${dayscholar.id}`);
    expect(screen.queryByRole('button', { name: C.action })).not.toBeInTheDocument();
  });

  it('says when it is not found, with the way back to the board', async () => {
    server.use(meHandler(hosteller), ...lostFoundHandlers([]));
    renderApp('/lost-found/1f0f0000-0000-4000-8000-999999999999', { user: hosteller });
    expect(await screen.findByText(M.notFound, undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LOST_FOUND_UI.post.back })).toHaveAttribute(
      'href',
      '/lost-found',
    );
  });
});

describe('a found post, seen by its finder', { timeout: 30_000 }, () => {
  it('shows the expected answer and the claims with their answers and records; Accept opens the chat', async () => {
    const post = asPoster(makeLostFound(), dayscholar, 2);
    const owner = makeClaim(hosteller);
    const guess = makeClaim(guesser, {
      answer: 'My cat',
      reliability: { ...owner.reliability, deliveriesCompleted: 3 },
    });
    let accepted = '';
    server.use(
      meHandler(dayscholar),
      // Before the defaults, which answer no claims.
      http.get(api(`/lost-found/${post.id}/claims`), () => HttpResponse.json({ claims: [owner, guess] })),
      ...lostFoundHandlers([post]),
      http.post(api(`/lost-found/${post.id}/claims/:claimId/accept`), ({ params }) => {
        accepted = String(params.claimId);
        return HttpResponse.json({
          post: { ...post, state: 'resolved' },
          receiverId: hosteller.id,
          message: M.claimAccepted,
        });
      }),
      ...chatHandlers(hosteller),
    );
    const { user, location } = renderApp(`/lost-found/${post.id}`, { user: dayscholar });
    await screen.findByRole('heading', { level: 1, name: post.title }, FIRST_RENDER);
    expect(screen.getByText(LOST_FOUND_UI.post.expected)).toBeInTheDocument();
    expect(screen.getByText(LOST_FOUND_UI.post.expectedNote)).toBeInTheDocument();
    expect(screen.getByText('you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: C.action })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOST_FOUND_UI.post.report })).not.toBeInTheDocument();

    const claims = await screen.findByRole('list', { name: LOST_FOUND_UI.claims.heading });
    const [first, second] = within(claims).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: hosteller.name })).toHaveAttribute(
      'href',
      `/users/${hosteller.id}`,
    );
    expect(within(first!).getByText('A sunset over the sea')).toBeInTheDocument();
    expect(within(first!).getByText('New member · nothing completed yet')).toBeInTheDocument();
    expect(within(second!).getByText('My cat')).toBeInTheDocument();
    expect(within(second!).getByText(/^Reliable · 3 deliveries/)).toBeInTheDocument();
    expect(within(second!).getByText(LOST_FOUND_UI.claims.statuses.open)).toBeInTheDocument();

    await user.click(
      within(first!).getByRole('button', { name: LOST_FOUND_UI.claims.acceptLabel(hosteller.name) }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: LOST_FOUND_UI.claims.acceptTitle(hosteller.name),
    });
    await user.click(within(confirm).getByRole('button', { name: LOST_FOUND_UI.claims.acceptConfirm }));
    expect(await screen.findByText(M.claimAccepted)).toBeInTheDocument();
    expect(accepted).toBe(owner.id);
    await waitFor(() => expect(location().pathname).toBe(`/chat/${hosteller.id}`));
  });

  it('reports a claim with the report dialog, then reads the claims again (one held has left them)', async () => {
    const post = asPoster(makeLostFound(), dayscholar, 2);
    const owner = makeClaim(hosteller);
    const spam = makeClaim(guesser, { answer: 'Pay the delivery fee first' });
    let claims = [owner, spam];
    const sent: unknown[] = [];
    server.use(
      meHandler(dayscholar),
      http.get(api(`/lost-found/${post.id}/claims`), () => HttpResponse.json({ claims })),
      ...lostFoundHandlers([post]),
      http.post(api('/reports'), async ({ request }) => {
        sent.push(await request.json());
        // The finder's report held it.
        claims = [owner];
        return HttpResponse.json({ report: { id: 'r1' } }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/lost-found/${post.id}`, { user: dayscholar });
    const list = await screen.findByRole('list', { name: LOST_FOUND_UI.claims.heading }, FIRST_RENDER);
    const [first, second] = within(list).getAllByRole('listitem');
    // Each claim has its own Report, named for whose claim it is.
    expect(
      within(first!).getByRole('button', { name: LOST_FOUND_UI.claims.reportLabel(hosteller.name) }),
    ).toBeInTheDocument();
    await user.click(
      within(second!).getByRole('button', { name: LOST_FOUND_UI.claims.reportLabel(guesser.name) }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Report ${LOST_FOUND_UI.claims.reportWhat(guesser.name)}`,
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(REPORT_MESSAGES.sent, {}, FIRST_RENDER)).toBeInTheDocument();
    expect(sent).toEqual([{ targetType: 'lost_found_claim', targetId: spam.id, reason: 'scam' }]);
    await waitFor(() => expect(screen.queryByText('Pay the delivery fee first')).not.toBeInTheDocument());
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(owner.answer)).toBeInTheDocument();
  });

  it('reads the claims again when a new claim is told live, and says when there are none', async () => {
    const post = asPoster(makeLostFound(), dayscholar);
    let claims: ReturnType<typeof makeClaim>[] = [];
    server.use(
      meHandler(dayscholar),
      http.get(api(`/lost-found/${post.id}/claims`), () => HttpResponse.json({ claims })),
      ...lostFoundHandlers([post]),
    );
    renderApp(`/lost-found/${post.id}`, { user: dayscholar });
    expect(await screen.findByText(LOST_FOUND_UI.claims.empty, undefined, FIRST_RENDER)).toBeInTheDocument();
    await waitFor(() => expect(currentSocket().connected).toBe(true));
    claims = [makeClaim(hosteller)];
    act(() =>
      currentSocket().serverEmit(
        'notification',
        makeNotification({
          type: 'lost_found',
          message: LOST_FOUND_NOTICES.claimed(post.title),
          data: { lostFoundPostId: post.id },
        }),
      ),
    );
    expect(await screen.findByRole('link', { name: hosteller.name })).toBeInTheDocument();
  });

  it('lets its poster renew it, mark it resolved (after a confirmation) and delete it', async () => {
    let post = asPoster(makeLostFound({ kind: 'lost', question: null }), dayscholar);
    server.use(
      meHandler(dayscholar),
      postHandler(() => post),
      http.post(api(`/lost-found/${post.id}/renew`), () => HttpResponse.json({ post, message: M.renewed })),
      http.post(api(`/lost-found/${post.id}/resolve`), () => {
        post = { ...post, state: 'resolved', resolvedAt: new Date().toISOString() };
        return HttpResponse.json({ post, message: M.resolved });
      }),
      http.delete(api(`/lost-found/${post.id}`), () => HttpResponse.json({ message: M.deleted })),
      http.get(api('/lost-found'), () => HttpResponse.json({ posts: [], nextCursor: null })),
    );
    const { user, location } = renderApp(`/lost-found/${post.id}`, { user: dayscholar });
    await screen.findByRole('heading', { level: 1, name: post.title }, FIRST_RENDER);
    await user.click(screen.getByRole('button', { name: P.renew }));
    expect(await screen.findByText(M.renewed)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: P.resolve }));
    const confirm = await screen.findByRole('dialog', { name: P.resolveTitle });
    expect(within(confirm).getByText(P.resolveDescription.lost)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: P.resolve }));
    expect(await screen.findByText(M.resolved)).toBeInTheDocument();
    expect(await screen.findByText(LOST_FOUND_UI.post.returnedNote)).toBeInTheDocument();
    // The confirmation's own "Mark resolved" leaves with the dialog's closing transition.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: P.renew })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: P.resolve })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: P.delete }));
    const del = await screen.findByRole('dialog', { name: P.deleteTitle });
    await user.click(within(del).getByRole('button', { name: P.delete }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/lost-found'));
  });
});

describe('its photos', { timeout: 30_000 }, () => {
  const photo = (n: number) => ({
    url: `/uploads/lost-found/${String(n).repeat(32)}.webp?exp=1&sig=a`,
    thumbnail: `/uploads/lost-found/${String(n).repeat(32)}-thumb.webp?exp=1&sig=b`,
  });

  it('shows another member the first large and the others to choose', async () => {
    const post = makeLostFound({ photos: [photo(1), photo(2)] });
    server.use(meHandler(hosteller), ...lostFoundHandlers([post]));
    const { user } = renderApp(`/lost-found/${post.id}`, { user: hosteller });
    const large = await screen.findByRole('img', { name: `${post.title}, photo 1 of 2` }, FIRST_RENDER);
    expect(large).toHaveAttribute('src', photo(1).url);
    await user.click(screen.getByRole('button', { name: LOST_FOUND_UI.photos.show(2, 2) }));
    expect(screen.getByRole('img', { name: `${post.title}, photo 2 of 2` })).toHaveAttribute(
      'src',
      photo(2).url,
    );
    expect(screen.getByRole('button', { name: LOST_FOUND_UI.photos.show(2, 2) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('button', { name: LOST_FOUND_UI.photos.change })).not.toBeInTheDocument();
  });

  it('lets its poster change and remove them', async () => {
    let post = asPoster(makeLostFound({ photos: [photo(1)] }), dayscholar);
    let sent = 0;
    server.use(
      meHandler(dayscholar),
      postHandler(() => post),
      http.get(api(`/lost-found/${post.id}/claims`), () => HttpResponse.json({ claims: [] })),
      http.put(api(`/lost-found/${post.id}/photos`), async ({ request }) => {
        sent = (await request.formData()).getAll('photos').length;
        post = { ...post, photos: [photo(3), photo(4)] };
        return HttpResponse.json({ post, message: M.photosSaved });
      }),
      http.delete(api(`/lost-found/${post.id}/photos`), () => {
        post = { ...post, photos: [] };
        return HttpResponse.json({ post, message: M.photosRemoved });
      }),
    );
    const { user } = renderApp(`/lost-found/${post.id}`, { user: dayscholar });
    expect(await screen.findByRole('img', { name: post.title }, FIRST_RENDER)).toHaveAttribute(
      'src',
      photo(1).url,
    );
    expect(screen.getByRole('button', { name: LOST_FOUND_UI.photos.change })).toBeInTheDocument();
    const file = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
    await user.upload(screen.getByLabelText(LOST_FOUND_UI.photos.input), [file('a.png'), file('b.png')]);
    expect(await screen.findByText(M.photosSaved)).toBeInTheDocument();
    expect(sent).toBe(2);
    expect(await screen.findByRole('img', { name: `${post.title}, photo 1 of 2` })).toHaveAttribute(
      'src',
      photo(3).url,
    );
    await user.click(screen.getByRole('button', { name: LOST_FOUND_UI.photos.removeAll }));
    expect(await screen.findByText(M.photosRemoved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('img')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: LOST_FOUND_UI.photos.add })).toHaveFocus());
  });
});

describe('lost and found elsewhere', { timeout: 30_000 }, () => {
  it('shows the post as a card in the chat, returned ones marked', async () => {
    const message = makeMessage({
      senderId: dayscholar.id,
      receiverId: hosteller.id,
      content: LOST_FOUND_NOTICES.accepted('Black phone'),
      lostFound: {
        id: '1f0f0000-0000-4000-8000-000000000777',
        title: 'Black phone',
        kind: 'found',
        status: 'resolved',
      },
    });
    server.use(meHandler(hosteller), ...chatHandlers(dayscholar, [message]));
    renderApp(`/chat/${dayscholar.id}`, { user: hosteller });
    const card = await screen.findByRole('link', { name: /Found: Black phone/ }, FIRST_RENDER);
    expect(card).toHaveAttribute('href', '/lost-found/1f0f0000-0000-4000-8000-000000000777');
    expect(within(card).getByText(M.stateLabels.resolved)).toBeInTheDocument();
    expect(screen.getByText(LOST_FOUND_NOTICES.accepted('Black phone'))).toBeInTheDocument();
  });

  it('opens the post from a lost and found notification', async () => {
    const post = makeLostFound();
    const notice = makeNotification({
      type: 'lost_found',
      message: LOST_FOUND_NOTICES.matched('Lost phone', post.title),
      data: { lostFoundPostId: post.id },
    });
    server.use(
      meHandler(hosteller),
      ...lostFoundHandlers([post]),
      ...chatHandlers(dayscholar),
      http.get(api('/notifications'), () =>
        HttpResponse.json({ notifications: [notice], unreadCount: 1, nextCursor: null }),
      ),
      http.put(api(`/notifications/${notice.id}/read`), () => new HttpResponse(null, { status: 204 })),
    );
    const { user, location } = renderApp('/chat', { user: hosteller });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, FIRST_RENDER));
    await user.click(await screen.findByRole('button', { name: new RegExp(notice.message) }));
    await waitFor(() => expect(location().pathname).toBe(`/lost-found/${post.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
  });
});
