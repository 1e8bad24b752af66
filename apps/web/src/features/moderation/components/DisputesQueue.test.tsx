import {
  DISPUTE_MESSAGES,
  DISPUTE_OUTCOME_LABELS,
  type DisputeState,
  type ModerationDispute,
} from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

const moderator = {
  ...dayscholar,
  id: '0d0e0f10-1a2b-4c3d-8e9f-000000000abc',
  name: 'Mod Meena',
  isModerator: true,
};
const slow = { timeout: 10_000 };
const payer = { id: hosteller.id, name: hosteller.name, avatar: null };
const payee = { id: dayscholar.id, name: dayscholar.name, avatar: null };

/** What each outcome would leave of a settlement owed `amount` (as the server says it). */
const outcomesOf = (amount: number) => ({
  favour_payer: { state: 'settled' as const, amount },
  favour_payee: { state: 'open' as const, amount },
  split: { state: 'open' as const, amount: Math.floor(amount * 50) / 100 },
  no_fault: { state: 'settled' as const, amount },
});

let n = 0;
function makeDispute(overrides: Partial<ModerationDispute> = {}): ModerationDispute {
  n += 1;
  const id = `d15b07e0-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    targetType: 'request',
    targetId: 'a0000000-0000-4000-8000-000000000001',
    reason: 'not_received',
    details: 'I marked it paid by UPI but they say nothing arrived.',
    photos: [],
    reply: null,
    withdrawnAt: null,
    status: 'open',
    outcome: null,
    note: null,
    openedBy: payee,
    createdAt: '2026-10-02T10:00:00.000Z',
    resolvedAt: null,
    payer,
    payee,
    settlement: {
      id: '5e000000-0000-4000-8000-000000000001',
      amount: 150,
      state: 'disputed',
      method: 'upi',
      outcomes: outcomesOf(150),
    },
    thing: {
      id: 'a0000000-0000-4000-8000-000000000001',
      title: 'Maggi and a cold coffee',
      text: 'From the campus store, before 9 pm.',
      price: 150,
      photos: [],
    },
    evidence: [
      { senderId: payer.id, content: 'Sent the money just now', sentAt: '2026-10-01T18:00:00.000Z' },
      { senderId: payee.id, content: 'Nothing has come through', sentAt: '2026-10-01T19:00:00.000Z' },
    ],
    ...overrides,
  };
}

/** GET /moderation/disputes answering from `pages[status]` (a list of pages, by cursor). */
function disputesHandler(pages: Partial<Record<DisputeState, ModerationDispute[][]>>) {
  const seen: string[] = [];
  server.use(
    http.get(api('/moderation/disputes'), ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.search);
      const status = (url.searchParams.get('status') ?? 'open') as DisputeState;
      const list = pages[status] ?? [[]];
      const index = Number(url.searchParams.get('cursor') ?? 0);
      return HttpResponse.json({
        disputes: list[index] ?? [],
        nextCursor: index + 1 < list.length ? String(index + 1) : null,
      });
    }),
  );
  return seen;
}

async function openDisputes() {
  server.use(
    meHandler(moderator),
    http.get(api('/moderation/reports'), () => HttpResponse.json({ reports: [], nextCursor: null })),
  );
  const app = renderApp('/moderation', { user: moderator });
  await app.user.click(await screen.findByRole('tab', { name: 'Disputes' }, slow));
  return app;
}

const openList = () => screen.findByRole('list', { name: 'Open disputes' }, slow);

describe('moderation: disputes', () => {
  it('shows each open dispute: the thing, who opened it and why, both parties, the settlement and the evidence', async () => {
    const seen = disputesHandler({
      open: [
        [
          makeDispute({
            targetType: 'sale',
            reason: 'not_as_described',
            details: 'The kettle does not heat.',
            openedBy: payer,
            settlement: {
              id: '5e000000-0000-4000-8000-000000000002',
              amount: 450,
              state: 'open',
              method: null,
              outcomes: outcomesOf(450),
            },
            thing: {
              id: 'b0000000-0000-4000-8000-000000000001',
              title: 'Electric kettle',
              text: 'Barely used',
              price: 450,
              photos: ['/uploads/products/00112233445566778899aabbccddeeff_thumb.webp'],
            },
          }),
        ],
      ],
    });
    const { user } = await openDisputes();
    const card = within((await openList()).children[0] as HTMLElement);
    expect(seen[0]).toContain('status=open');

    expect(card.getByRole('heading', { name: 'Electric kettle' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Electric kettle' })).toHaveAttribute(
      'href',
      '/products/b0000000-0000-4000-8000-000000000001',
    );
    expect(card.getByText('Sale')).toBeInTheDocument();
    expect(card.getByText('Barely used')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Photo of Electric kettle' })).toHaveAttribute(
      'src',
      '/uploads/products/00112233445566778899aabbccddeeff_thumb.webp',
    );
    expect(card.getByText('Not as described')).toBeInTheDocument();
    expect(card.getByText('The kettle does not heat.')).toBeInTheDocument();
    const row = (label: string) => card.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(row('Payer')).toHaveTextContent(payer.name);
    expect(row('Payee')).toHaveTextContent(payee.name);
    expect(row('Amount')).toHaveTextContent('₹450');
    expect(row('Settlement')).toHaveTextContent('Not paid yet');
    expect(row('Paid by')).toHaveTextContent('Not said');

    // The messages are folded away until asked for, oldest first, each said by payer or payee.
    const messages = card.getByText('Messages between them (2)');
    expect(card.getByText('Sent the money just now')).not.toBeVisible();
    await user.click(messages);
    expect(card.getByText('Sent the money just now')).toBeVisible();
    const items = within(card.getByRole('list', { name: 'Messages, oldest first' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Asha Rao \(payer\).*Sent the money just now$/),
      expect.stringMatching(/^Ravi Kumar \(payee\).*Nothing has come through$/),
    ]);
  });

  it('decides: sends the outcome and the note, then the list is asked again', async () => {
    const dispute = makeDispute();
    const seen = disputesHandler({ open: [[dispute]] });
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/moderation/disputes/${dispute.id}`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          dispute: { ...dispute, status: 'resolved', outcome: 'split', note: 'Half each' },
        });
      }),
    );
    const { user } = await openDisputes();
    const card = within((await openList()).children[0] as HTMLElement);
    await user.click(card.getByRole('radio', { name: DISPUTE_OUTCOME_LABELS.split }));
    await user.type(card.getByLabelText('Note to both sides'), '  Half each  ');
    const asked = seen.length;
    await user.click(card.getByRole('button', { name: 'Decide' }));
    // Asked first, with the effect in money: nothing is sent until confirmed.
    const confirm = await screen.findByRole('dialog', { name: `Split it: ${payer.name} owes ₹75?` });
    expect(confirm).toHaveAccessibleDescription(
      'Nobody loses this dispute on their record. Both are told the outcome and your note.',
    );
    expect(bodies).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Decide' }));

    expect(await screen.findByText(DISPUTE_MESSAGES.resolved)).toBeInTheDocument();
    expect(bodies).toEqual([{ outcome: 'split', note: 'Half each' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(seen.length).toBeGreaterThan(asked));
  });

  it('asks for an outcome and a note before sending anything', async () => {
    const dispute = makeDispute();
    disputesHandler({ open: [[dispute]] });
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/moderation/disputes/${dispute.id}`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ dispute });
      }),
    );
    const { user } = await openDisputes();
    const card = within((await openList()).children[0] as HTMLElement);
    await user.type(card.getByLabelText('Note to both sides'), '   ');
    await user.click(card.getByRole('button', { name: 'Decide' }));

    expect(await card.findByText(DISPUTE_MESSAGES.outcomeInvalid)).toBeInTheDocument();
    expect(card.getByText(DISPUTE_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(card.getByLabelText('Note to both sides')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    // Choosing an outcome clears its message; the note's stays until it is written.
    await user.click(card.getByRole('radio', { name: DISPUTE_OUTCOME_LABELS.favour_payer }));
    expect(card.queryByText(DISPUTE_MESSAGES.outcomeInvalid)).not.toBeInTheDocument();
    expect(card.getByText(DISPUTE_MESSAGES.noteRequired)).toBeInTheDocument();
  });

  it('decided meanwhile by another moderator: says so and shows the list as it now is', async () => {
    const dispute = makeDispute();
    let decided = false;
    server.use(
      http.get(api('/moderation/disputes'), ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        const open = status === 'open' && !decided;
        return HttpResponse.json({ disputes: open ? [dispute] : [], nextCursor: null });
      }),
      http.put(api(`/moderation/disputes/${dispute.id}`), () => {
        decided = true;
        return HttpResponse.json(
          { message: DISPUTE_MESSAGES.alreadyResolved, code: 'CONFLICT', reason: 'alreadyResolved' },
          { status: 409 },
        );
      }),
    );
    const { user } = await openDisputes();
    const card = within((await openList()).children[0] as HTMLElement);
    await user.click(card.getByRole('radio', { name: DISPUTE_OUTCOME_LABELS.no_fault }));
    await user.type(card.getByLabelText('Note to both sides'), 'Nobody is at fault');
    await user.click(card.getByRole('button', { name: 'Decide' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decide no fault: nothing more is owed?' });
    await user.click(within(confirm).getByRole('button', { name: 'Decide' }));

    expect(await screen.findByText(DISPUTE_MESSAGES.alreadyResolved)).toBeInTheDocument();
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
  });

  it('shows the outcome and the note of resolved disputes, with no form', async () => {
    const seen = disputesHandler({
      resolved: [
        [
          makeDispute({
            status: 'resolved',
            outcome: 'favour_payee',
            note: 'The screenshot shows no transfer.',
            resolvedAt: '2026-10-03T10:00:00.000Z',
            settlement: {
              id: '5e000000-0000-4000-8000-000000000003',
              amount: 150,
              state: 'open',
              method: 'upi',
              outcomes: outcomesOf(150),
            },
          }),
        ],
      ],
    });
    const { user } = await openDisputes();
    expect(await screen.findByText('No open disputes', undefined, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decided' }));
    const list = await screen.findByRole('list', { name: 'Decided disputes' });
    expect(seen.at(-1)).toContain('status=resolved');
    expect(within(list).getByText(DISPUTE_OUTCOME_LABELS.favour_payee)).toBeInTheDocument();
    expect(within(list).getByText('The screenshot shows no transfer.')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
  });

  it('shows both sides in their own words, with their photos; says when one has not given theirs', async () => {
    const photo = (name: string) => ({
      url: `/api/disputes/d1/photos/${name}?exp=1900000000&sig=abc`,
      thumbnailUrl: `/api/disputes/d1/photos/${name}-thumb?exp=1900000000&sig=abc`,
    });
    disputesHandler({
      open: [
        [
          makeDispute({
            details: 'Nothing arrived in my account.',
            photos: [photo('opener-0')],
            reply: {
              by: payer,
              text: 'Paid by UPI at 6 pm, screenshot attached.',
              photos: [photo('reply-0'), photo('reply-1')],
              at: '2026-10-02T12:00:00.000Z',
            },
          }),
          makeDispute({ thing: { ...makeDispute().thing, title: 'Second' } }),
        ],
      ],
    });
    await openDisputes();
    const [first, second] = (await openList()).children;
    const card = within(first as HTMLElement);
    expect(card.getByText('Nothing arrived in my account.')).toBeInTheDocument();
    expect(card.getByText('Paid by UPI at 6 pm, screenshot attached.')).toBeInTheDocument();
    const theirs = within(card.getByRole('list', { name: `Photos from ${payer.name}` }));
    const image = theirs.getByRole('img', { name: `Photo 2 from ${payer.name}` });
    expect(image).toHaveAttribute('src', photo('reply-1').thumbnailUrl);
    // Opened full size, the signed link as the server gave it.
    expect(image.closest('a')).toHaveAttribute('href', photo('reply-1').url);
    expect(
      within(card.getByRole('list', { name: `Photos from ${payee.name}` })).getAllByRole('img'),
    ).toHaveLength(1);
    expect(
      within(second as HTMLElement).getByText(`${payer.name} has not given their side yet.`),
    ).toBeInTheDocument();
  });

  it('asks before deciding, saying what it does to the money and to the record; Cancel sends nothing', async () => {
    const dispute = makeDispute();
    disputesHandler({ open: [[dispute]] });
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/moderation/disputes/${dispute.id}`), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ dispute: { ...dispute, status: 'resolved', outcome: 'favour_payee' } });
      }),
    );
    const { user } = await openDisputes();
    const card = within((await openList()).children[0] as HTMLElement);
    await user.click(card.getByRole('radio', { name: DISPUTE_OUTCOME_LABELS.favour_payer }));
    await user.type(card.getByLabelText('Note to both sides'), 'The screenshot shows the transfer');
    await user.click(card.getByRole('button', { name: 'Decide' }));
    const ask = await screen.findByRole('dialog', {
      name: `Decide for ${payer.name}: nothing more is owed?`,
    });
    expect(ask).toHaveAccessibleDescription(
      `${payee.name} loses this dispute on their record. Both are told the outcome and your note.`,
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(card.getByRole('radio', { name: DISPUTE_OUTCOME_LABELS.favour_payee }));
    await user.click(card.getByRole('button', { name: 'Decide' }));
    const again = await screen.findByRole('dialog', {
      name: `Decide for ${payee.name}: ${payer.name} owes ₹150?`,
    });
    expect(again).toHaveAccessibleDescription(
      `${payer.name} loses this dispute on their record. Both are told the outcome and your note.`,
    );
    await user.click(within(again).getByRole('button', { name: 'Decide' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ outcome: 'favour_payee', note: 'The screenshot shows the transfer' }]),
    );
  });

  it('lists withdrawn disputes apart, saying who withdrew them, with no form', async () => {
    const seen = disputesHandler({
      withdrawn: [[makeDispute({ status: 'withdrawn', withdrawnAt: '2026-10-03T10:00:00.000Z' })]],
    });
    const { user } = await openDisputes();
    expect(await screen.findByText('No open disputes', undefined, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdrawn' }));
    const list = await screen.findByRole('list', { name: 'Withdrawn disputes' });
    expect(seen.at(-1)).toContain('status=withdrawn');
    expect(
      within(list).getByText(/^Withdrawn by Ravi Kumar on .+\. Nothing was decided\.$/),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
  });

  it('pages on with Load more', async () => {
    disputesHandler({
      open: [
        [makeDispute({ thing: { ...makeDispute().thing, title: 'First page' } })],
        [makeDispute({ thing: { ...makeDispute().thing, id: null, title: 'Second page' } })],
      ],
    });
    const { user } = await openDisputes();
    const list = await openList();
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['First page']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['First page', 'Second page']),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing is open, and offers a retry when the list fails', async () => {
    let fail = true;
    server.use(
      meHandler(moderator),
      http.get(api('/moderation/disputes'), () =>
        fail
          ? HttpResponse.json({ message: 'Server error', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json({ disputes: [], nextCursor: null }),
      ),
    );
    const { user } = await openDisputes();
    expect(await screen.findByText('Failed to load disputes', undefined, slow)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
  });
});

describe('moderation: the disputes tab in the address', () => {
  it('opens on Disputes from /moderation?tab=disputes, and choosing a tab puts it in the address', async () => {
    disputesHandler({ open: [[makeDispute({ details: 'Never paid for the kettle.' })]] });
    server.use(
      meHandler(moderator),
      http.get(api('/moderation/reports'), () => HttpResponse.json({ reports: [], nextCursor: null })),
    );
    const app = renderApp('/moderation?tab=disputes', { user: moderator });
    expect(await screen.findByRole('tab', { name: 'Disputes' }, slow)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await within(await openList()).findByText('Never paid for the kettle.')).toBeVisible();

    await app.user.click(screen.getByRole('tab', { name: 'Action log' }));
    expect(screen.getByRole('tab', { name: 'Action log' })).toHaveAttribute('aria-selected', 'true');
    expect(app.location().search).toBe('?tab=log');
  });
});
