import { LOST_FOUND_MESSAGES as M, LOST_FOUND_UI, PRODUCT_MESSAGES } from '@campusrun/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { asPoster, lostFoundHandlers, makeLostFound } from '@/test/lost-found';
import { deferred, imageFile } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const FIRST_RENDER = { timeout: 15_000 };
const F = LOST_FOUND_UI.form;
const SUBMIT = { name: F.submit };

type Events = ReturnType<typeof renderApp>['user'];

/** jsdom has no object URLs: every picked photo's preview gets one of these. */
function stubObjectUrls() {
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    // @ts-expect-error jsdom has none of its own to put back
    delete URL.createObjectURL;
    // @ts-expect-error as above
    delete URL.revokeObjectURL;
  });
}

/** A found phone: every field filled in as it passes the shared rules. */
async function fillFound(user: Events) {
  await user.click(await screen.findByRole('radio', { name: F.kindOptions.found }, FIRST_RENDER));
  await user.type(screen.getByRole('textbox', { name: F.titleLabel }), 'Black phone');
  await user.selectOptions(screen.getByRole('combobox', { name: F.category }), 'electronics');
  await user.type(screen.getByRole('textbox', { name: F.placeLabel }), 'Library');
  await user.type(screen.getByRole('textbox', { name: F.questionLabel }), 'What is the lock-screen picture?');
  await user.type(screen.getByRole('textbox', { name: F.answerLabel }), 'A sunset');
}

describe('a new lost and found post', { timeout: 30_000 }, () => {
  it('asks for every missing field at once with the shared messages, then posts a found thing and opens it', async () => {
    const post = asPoster(makeLostFound({ title: 'Black phone', place: 'Library' }), hosteller);
    let body: Record<string, unknown> | undefined;
    server.use(
      meHandler(hosteller),
      ...lostFoundHandlers([post]),
      http.post(api('/lost-found'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ post, message: M.posted }, { status: 201 });
      }),
    );
    const { user, location } = renderApp('/lost-found/new', { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: F.title }, FIRST_RENDER);
    // No question until it is a found post.
    expect(screen.queryByRole('textbox', { name: F.questionLabel })).not.toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: F.titleLabel });
    await user.clear(screen.getByLabelText(F.whenLabel.none));
    await user.click(screen.getByRole('button', SUBMIT));
    for (const message of [
      M.kindRequired,
      M.titleRequired,
      M.categoryRequired,
      M.placeRequired,
      M.whenRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: F.kindOptions.lost })).toHaveFocus();

    // Found: the question and the answer, which only the finder sees, are asked for with the rest.
    await user.click(screen.getByRole('radio', { name: F.kindOptions.found }));
    expect(screen.getByText(F.answerHint)).toBeInTheDocument();
    expect(screen.getByLabelText(F.whenLabel.found)).toBeInTheDocument();
    await user.click(screen.getByRole('button', SUBMIT));
    expect(await screen.findByText(M.questionRequired)).toBeInTheDocument();
    expect(screen.getByText(M.answerRequired)).toBeInTheDocument();
    expect(screen.getByText(M.titleRequired)).toBeInTheDocument();

    await user.type(title, 'Black phone');
    await user.selectOptions(screen.getByRole('combobox', { name: F.category }), 'electronics');
    await user.type(screen.getByRole('textbox', { name: F.placeLabel }), 'Library');
    fireEvent.change(screen.getByLabelText(F.whenLabel.found), { target: { value: '2026-01-02T09:30' } });
    await user.type(
      screen.getByRole('textbox', { name: F.questionLabel }),
      'What is the lock-screen picture?',
    );
    await user.type(screen.getByRole('textbox', { name: F.answerLabel }), 'A sunset');
    await user.click(screen.getByRole('button', SUBMIT));

    expect(await screen.findByText(M.posted)).toBeInTheDocument();
    expect(body).toEqual({
      kind: 'found',
      title: 'Black phone',
      category: 'electronics',
      place: 'Library',
      when: new Date('2026-01-02T09:30').toISOString(),
      question: 'What is the lock-screen picture?',
      answer: 'A sunset',
    });
    await waitFor(() => expect(location().pathname).toBe(`/lost-found/${post.id}`));
    // The post's page is a screen of its own, loaded on the way there.
    await waitFor(
      () => expect(screen.getByRole('heading', { level: 1, name: 'Black phone' })).toBeInTheDocument(),
      FIRST_RENDER,
    );
  });

  it('sends a lost post without a question, even one typed before switching from found', async () => {
    const post = asPoster(makeLostFound({ kind: 'lost', question: null }), hosteller);
    let body: Record<string, unknown> | undefined;
    server.use(
      meHandler(hosteller),
      ...lostFoundHandlers([post]),
      http.post(api('/lost-found'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ post, message: M.posted }, { status: 201 });
      }),
    );
    const { user } = renderApp('/lost-found/new?kind=found', { user: hosteller });
    await fillFound(user);
    await user.type(screen.getByRole('textbox', { name: F.detailsLabel }), 'Blue case, cracked corner');
    await user.click(screen.getByRole('radio', { name: F.kindOptions.lost }));
    expect(screen.queryByRole('textbox', { name: F.questionLabel })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', SUBMIT));
    await screen.findByText(M.posted);
    expect(body).toMatchObject({ kind: 'lost', details: 'Blue case, cracked corner' });
    expect(body).not.toHaveProperty('question');
    expect(body).not.toHaveProperty('answer');
  });

  it('suggests places from earlier posts as the place is typed; one tap fills it in', async () => {
    const asked: string[] = [];
    server.use(
      meHandler(hosteller),
      http.get(api('/lost-found/places'), ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        return HttpResponse.json({
          places: q === 'lib' ? ['Library, 2nd floor', 'Library reading room'] : [],
        });
      }),
    );
    const { user } = renderApp('/lost-found/new', { user: hosteller });
    const place = await screen.findByRole('textbox', { name: F.placeLabel }, FIRST_RENDER);
    await user.type(place, 'lib');
    const suggestions = await screen.findByRole('list', { name: F.placeSuggestions }, FIRST_RENDER);
    expect(asked).toContain('lib');
    await user.click(within(suggestions).getByRole('button', { name: 'Library reading room' }));
    expect(place).toHaveValue('Library reading room');
    expect(within(suggestions).getByRole('button', { name: 'Library reading room' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("shows the server's field errors at their fields, and keeps everything typed when the post is refused", async () => {
    let answer = 0;
    server.use(
      meHandler(hosteller),
      ...lostFoundHandlers([]),
      http.post(api('/lost-found'), () => {
        answer += 1;
        return answer === 1
          ? HttpResponse.json(
              {
                message: 'Validation failed',
                errors: [{ param: 'title', msg: 'Title contains characters that are not allowed' }],
              },
              { status: 400 },
            )
          : HttpResponse.json({ message: M.tooManyChanges, reason: 'rateLimited' }, { status: 429 });
      }),
    );
    const { user, location } = renderApp('/lost-found/new', { user: hosteller });
    await fillFound(user);
    await user.click(screen.getByRole('button', SUBMIT));
    expect(await screen.findByText('Title contains characters that are not allowed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: F.titleLabel })).toHaveFocus();
    await user.click(screen.getByRole('button', SUBMIT));
    expect(await screen.findByText(M.tooManyChanges)).toBeInTheDocument();
    expect(location().pathname).toBe('/lost-found/new');
    expect(screen.getByRole('textbox', { name: F.titleLabel })).toHaveValue('Black phone');
    expect(screen.getByRole('textbox', { name: F.answerLabel })).toHaveValue('A sunset');
  });

  describe('with photos', () => {
    stubObjectUrls();

    it('takes up to three, then posts first and sends them with a progress bar', async () => {
      const post = asPoster(makeLostFound({ title: 'Black phone' }), hosteller);
      const calls: string[] = [];
      const release = deferred();
      let sent: File[] = [];
      server.use(
        meHandler(hosteller),
        ...lostFoundHandlers([post]),
        http.post(api('/lost-found'), () => {
          calls.push('create');
          return HttpResponse.json({ post, message: M.posted }, { status: 201 });
        }),
        http.put(api(`/lost-found/${post.id}/photos`), async ({ request }) => {
          calls.push('photos');
          sent = (await request.formData()).getAll('photos') as File[];
          await release.promise;
          return HttpResponse.json({ post, message: M.photosSaved });
        }),
      );
      const { user, location } = renderApp('/lost-found/new', { user: hosteller });
      await fillFound(user);
      const photos = screen.getByRole('group', { name: LOST_FOUND_UI.photos.legend });
      expect(within(photos).getByText(LOST_FOUND_UI.photos.foundHint, { exact: false })).toBeInTheDocument();
      await user.upload(screen.getByLabelText(LOST_FOUND_UI.photos.input), [
        imageFile('front.png', 1001),
        imageFile('back.png', 1002),
      ]);
      expect(within(photos).getAllByRole('img')).toHaveLength(2);
      // Two more: only one fits, and the field says why.
      await user.upload(screen.getByLabelText(LOST_FOUND_UI.photos.input), [
        imageFile('case.png', 1003),
        imageFile('extra.png', 1004),
      ]);
      expect(within(photos).getAllByRole('img')).toHaveLength(3);
      expect(within(photos).getByRole('alert')).toHaveTextContent(M.tooManyPhotos);
      expect(
        within(photos).queryByRole('button', { name: LOST_FOUND_UI.photos.add }),
      ).not.toBeInTheDocument();
      // One removed: the way to add another takes the focus.
      await user.click(within(photos).getByRole('button', { name: LOST_FOUND_UI.photos.remove(2) }));
      expect(within(photos).getAllByRole('img')).toHaveLength(2);
      await waitFor(() =>
        expect(within(photos).getByRole('button', { name: LOST_FOUND_UI.photos.add })).toHaveFocus(),
      );

      await user.click(screen.getByRole('button', SUBMIT));
      expect(
        await screen.findByRole('progressbar', { name: /Adding photos|Processing photos/ }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', SUBMIT)).toBeDisabled();
      expect(calls).toEqual(['create', 'photos']);
      release.resolve();
      expect(await screen.findByText(M.posted)).toBeInTheDocument();
      await waitFor(() => expect(location().pathname).toBe(`/lost-found/${post.id}`));
      expect(sent.map((f) => f.size)).toEqual([1001, 1003]);
    });

    it("still opens the post when its photos are refused, and says why in the server's words", async () => {
      const post = asPoster(makeLostFound({ title: 'Black phone' }), hosteller);
      const refusal = 'Please upload a PNG, JPG, GIF or WebP image';
      server.use(
        meHandler(hosteller),
        ...lostFoundHandlers([post]),
        http.post(api('/lost-found'), () => HttpResponse.json({ post, message: M.posted }, { status: 201 })),
        http.put(api(`/lost-found/${post.id}/photos`), () =>
          HttpResponse.json({ message: refusal }, { status: 415 }),
        ),
      );
      const { user, location } = renderApp('/lost-found/new', { user: hosteller });
      await fillFound(user);
      await user.upload(screen.getByLabelText(LOST_FOUND_UI.photos.input), imageFile('front.png'));
      await user.click(screen.getByRole('button', SUBMIT));
      expect(
        await screen.findByText(LOST_FOUND_UI.photos.notAdded(refusal), undefined, FIRST_RENDER),
      ).toBeInTheDocument();
      await waitFor(() => expect(location().pathname).toBe(`/lost-found/${post.id}`));
      // Looked up again on each try: the page draws the post from the list first, then its own copy.
      await waitFor(
        () => expect(screen.getByRole('button', { name: LOST_FOUND_UI.photos.add })).toBeInTheDocument(),
        FIRST_RENDER,
      );
    });

    it('refuses a file that is not a photo the server takes before anything is sent', async () => {
      server.use(meHandler(hosteller), ...lostFoundHandlers([]));
      renderApp('/lost-found/new', { user: hosteller });
      const input = await screen.findByLabelText(LOST_FOUND_UI.photos.input, undefined, FIRST_RENDER);
      fireEvent.change(input, { target: { files: [imageFile('notes.pdf', 2048, 'application/pdf')] } });
      expect(await screen.findByRole('alert')).toHaveTextContent(PRODUCT_MESSAGES.imageType);
      expect(screen.queryByRole('img', { name: LOST_FOUND_UI.photos.preview(1) })).not.toBeInTheDocument();
    });
  });
});
