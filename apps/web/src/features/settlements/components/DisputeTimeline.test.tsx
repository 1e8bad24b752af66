import type { Settlement } from '@campusrun/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { can, makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { disputePhoto, makeDispute, makeSettlement, payeeRef, settlementCan } from '@/test/settlements';
import { toastTexts } from '@/test/toasts';

/** The completed request's page as `viewer`, its settlement answered by `current()`; PUTs recorded. */
function openRequest(viewer: typeof hosteller, settlement: (requestId: string) => Settlement) {
  const request = withDeliverer(
    makeRequest({ itemName: 'Milk and bread', completedAt: new Date().toISOString(), can: can('chat') }),
    'completed',
  );
  let current = settlement(request.id);
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    meHandler(viewer),
    http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
    http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    http.get(api('/settlements/for'), () => HttpResponse.json({ settlement: current })),
  );
  /** The settlement after a change, for the same request. */
  const answer = (next: Settlement) => {
    current = { ...next, thing: current.thing };
    return HttpResponse.json({ settlement: current });
  };
  return { ...renderApp(`/requests/${request.id}`, { user: viewer }), request, calls, answer };
}

/** Request `id`'s settlement with `dispute` open: the viewer may act on nothing else. */
const openDispute = (id: string, dispute: ReturnType<typeof makeDispute>) =>
  makeSettlement({
    thing: { id, title: 'Milk and bread', number: 12 },
    state: 'disputed',
    dispute: { id: dispute.id, status: 'open', outcome: null },
    disputes: [dispute],
    can: settlementCan(),
  });

const card = async () =>
  within(await screen.findByRole('region', { name: 'Settle up' }, { timeout: 15_000 }));

/** The events of the card's dispute history, in order: each item's first line. */
const events = (settle: ReturnType<typeof within>) =>
  within(settle.getByRole('region', { name: 'Dispute' }))
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.tagName === 'OL')
    .map((li) => li.querySelector('p')?.textContent);

describe('the dispute on the settle card', { timeout: 20_000 }, () => {
  it('tells both sides in order, with the photos opening large', async () => {
    const { user } = openRequest(hosteller, (id) => {
      const dispute = makeDispute({
        targetId: id,
        details: 'Two of the notebooks are torn',
        photos: [disputePhoto('d1', 'opener-0')],
        reply: {
          by: payeeRef,
          text: 'They were fine when I handed them over',
          photos: [disputePhoto('d1', 'reply-0'), disputePhoto('d1', 'reply-1')],
          at: '2026-11-21T12:00:00.000Z',
        },
      });
      return openDispute(id, dispute);
    });
    const settle = await card();
    expect(settle.getByRole('status')).toHaveTextContent('Disputed. A moderator will decide.');
    expect(events(settle)).toEqual(['You opened a dispute: Not as described', `${dayscholar.name}’s side`]);
    const history = within(settle.getByRole('region', { name: 'Dispute' }));
    expect(history.getByText('Two of the notebooks are torn')).toBeInTheDocument();
    expect(history.getByText('They were fine when I handed them over')).toBeInTheDocument();
    // Thumbnails, each a button that opens the photo large.
    const theirs = within(history.getByRole('list', { name: `Photos from ${dayscholar.name}` }));
    expect(theirs.getAllByRole('button')).toHaveLength(2);
    expect(
      within(history.getByRole('list', { name: `Photos from ${hosteller.name}` })).getAllByRole('button'),
    ).toHaveLength(1);
    const second = theirs.getByRole('button', { name: `Open photo 2 from ${dayscholar.name}` });
    expect(second.querySelector('img')).toHaveAttribute('src', disputePhoto('d1', 'reply-1').thumbnailUrl);
    await user.click(second);
    const large = await screen.findByRole('dialog', { name: `Photo 2 from ${dayscholar.name}` });
    expect(within(large).getByRole('img', { name: `Photo 2 from ${dayscholar.name}` })).toHaveAttribute(
      'src',
      disputePhoto('d1', 'reply-1').url,
    );
    await user.click(within(large).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The opener waits for nothing more here: their side is there, and so is the other's.
    expect(history.getByText('A moderator will decide.')).toBeInTheDocument();
  });

  it('a photo whose link has run out has the settlement read again for fresh links, once a minute at most', async () => {
    let reads = 0;
    let link = 'old';
    /** The disputed settlement of request `id`, its one photo signed with the link of the moment. */
    const disputed = (id: string) => {
      const photo = { url: `/api/disputes/d2/photos/opener-0?${link}`, thumbnailUrl: `/thumb?${link}` };
      const dispute = makeDispute({ targetId: id, photos: [photo] });
      return openDispute(id, dispute);
    };
    openRequest(hosteller, disputed);
    server.use(
      http.get(api('/settlements/for'), ({ request }) => {
        reads += 1;
        return HttpResponse.json({
          settlement: disputed(new URL(request.url).searchParams.get('targetId')!),
        });
      }),
    );
    const settle = await card();
    const thumb = () =>
      settle.getByRole('button', { name: `Open photo 1 from ${hosteller.name}` }).querySelector('img')!;
    await waitFor(() => expect(thumb()).toHaveAttribute('src', '/thumb?old'));
    const before = reads;
    link = 'fresh';
    fireEvent.error(thumb());
    await waitFor(() => expect(thumb()).toHaveAttribute('src', '/thumb?fresh'));
    expect(reads).toBeGreaterThan(before);
    // A second failure within the minute asks nothing more.
    const after = reads;
    fireEvent.error(thumb());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toBe(after);
  });

  it('the opener withdraws it after a confirmation: back to where it was, said in words', async () => {
    const withdrawn: string[] = [];
    const { user, answer } = openRequest(hosteller, (id) => {
      const dispute = makeDispute({ id: 'd15b07e0-0000-4000-8000-00000000aaaa', targetId: id });
      return openDispute(id, dispute);
    });
    server.use(
      http.put(api('/disputes/:id/withdraw'), ({ params }) => {
        withdrawn.push(String(params.id));
        const dispute = makeDispute({
          id: 'd15b07e0-0000-4000-8000-00000000aaaa',
          status: 'withdrawn',
          withdrawnAt: '2026-11-21T15:00:00.000Z',
          can: { statement: false, withdraw: false },
        });
        return answer(
          makeSettlement({
            state: 'open',
            dispute: { id: dispute.id, status: 'withdrawn', outcome: null },
            disputes: [dispute],
            can: settlementCan('pay'),
          }),
        );
      }),
    );
    const settle = await card();
    expect(settle.getByText(`Waiting for ${dayscholar.name}’s side. A moderator will decide.`)).toBeVisible();
    await user.click(settle.getByRole('button', { name: 'Withdraw dispute' }));
    const ask = await screen.findByRole('dialog', { name: 'Withdraw your dispute?' });
    expect(ask).toHaveAccessibleDescription(
      `Nothing will be decided and ${dayscholar.name} is told. You can’t open another dispute about this.`,
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(withdrawn).toEqual([]);

    await user.click(settle.getByRole('button', { name: 'Withdraw dispute' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw your dispute?' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    await waitFor(() => expect(withdrawn).toEqual(['d15b07e0-0000-4000-8000-00000000aaaa']));
    await waitFor(() =>
      expect(settle.getByRole('status')).toHaveTextContent('Withdrawn by you · Not paid yet'),
    );
    await waitFor(() => expect(toastTexts()).toContain('Dispute withdrawn'));
    expect(events(settle)).toEqual([
      'You opened a dispute: Not as described',
      'Withdrawn by you. Nothing was decided.',
    ]);
    expect(settle.queryByRole('button', { name: 'Withdraw dispute' })).not.toBeInTheDocument();
    expect(settle.getByRole('button', { name: 'I paid in cash' })).toBeEnabled();
  });

  it('the other side gives theirs; only the opener may withdraw', async () => {
    openRequest(dayscholar, (id) => {
      const dispute = makeDispute({ targetId: id, can: { statement: true, withdraw: false } });
      return openDispute(id, dispute);
    });
    const settle = await card();
    expect(events(settle)).toEqual([`${hosteller.name} opened a dispute: Not as described`]);
    expect(
      settle.getByText('Tell the moderator your side. A photo such as a UPI screenshot helps.'),
    ).toBeVisible();
    expect(settle.getByRole('button', { name: 'Give your side' })).toBeEnabled();
    expect(settle.queryByRole('button', { name: 'Withdraw dispute' })).not.toBeInTheDocument();
  });
});

describe('how a dispute ended, in plain words', { timeout: 20_000 }, () => {
  const decided =
    (overrides: Partial<Settlement>, outcome: 'favour_payer' | 'favour_payee' | 'split') => (id: string) => {
      const dispute = makeDispute({
        targetId: id,
        status: 'resolved',
        outcome,
        note: 'Looked at the chat',
        resolvedAt: '2026-11-22T10:00:00.000Z',
        can: { statement: false, withdraw: false },
      });
      return makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        dispute: { id: dispute.id, status: 'resolved', outcome },
        disputes: [dispute],
        ...overrides,
      });
    };

  it('a decision for the payer who paid in cash: "Decided for you: paid in cash", and the note', async () => {
    openRequest(
      hosteller,
      decided(
        { state: 'settled', method: 'cash', settledAt: '2026-11-22T10:00:00.000Z', can: settlementCan() },
        'favour_payer',
      ),
    );
    const settle = await card();
    expect(settle.getByRole('status')).toHaveTextContent(/^Decided for you: paid in cash$/);
    const history = within(settle.getByRole('region', { name: 'Dispute' }));
    expect(events(settle)).toEqual(['You opened a dispute: Not as described', 'A moderator decided']);
    expect(history.getByText('Decided for you: paid in cash')).toBeInTheDocument();
    expect(history.getByText('Looked at the chat')).toBeInTheDocument();
  });

  it('for the payee: what is owed, instead of a silent "Not paid yet"', async () => {
    openRequest(dayscholar, decided({ state: 'open', can: settlementCan('receive') }, 'favour_payee'));
    const status = (await card()).getByRole('status');
    expect(status).toHaveTextContent(/^Decided for you: ₹120 is owed$/);
    expect(status).not.toHaveTextContent('Not paid yet');
  });

  it('split: the half that is owed, to either party', async () => {
    openRequest(hosteller, decided({ state: 'open', amount: 60 }, 'split'));
    expect((await card()).getByRole('status')).toHaveTextContent(/^Split: ₹60 is owed$/);
  });

  it('on the Money list too, with the dispute history', async () => {
    const settlement = decided(
      { state: 'open', can: settlementCan('pay') },
      'favour_payee',
    )('9e900000-0000-4000-8000-000000000077');
    server.use(
      meHandler(hosteller),
      http.get(api('/settlements/summary'), () =>
        HttpResponse.json({ youOwe: 120, owedToYou: 0, byPerson: [] }),
      ),
      http.get(api('/settlements'), () => HttpResponse.json({ settlements: [settlement], nextCursor: null })),
    );
    renderApp('/money', { user: hosteller });
    const item = await screen.findByRole(
      'listitem',
      { name: `You owe ${dayscholar.name} ₹120` },
      { timeout: 15_000 },
    );
    // On the card, and as the decision in its history.
    expect(within(item).getAllByText(`Decided for ${dayscholar.name}: ₹120 is owed`)).toHaveLength(2);
    expect(within(item).getByRole('region', { name: 'Dispute' })).toHaveTextContent('Looked at the chat');
  });
});

describe('"Not received"', { timeout: 20_000 }, () => {
  it('asks what the moderator should know (optional) and sends it; a refusal stays in the dialog', async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    const { user, answer } = openRequest(dayscholar, (id) =>
      makeSettlement({
        thing: { id, title: 'Milk and bread', number: 12 },
        state: 'paid',
        method: 'upi',
        upiUri: null,
        can: settlementCan('receive', 'notReceive'),
      }),
    );
    server.use(
      http.put(api('/settlements/:id/not-received'), async ({ request }) => {
        bodies.push(await request.json());
        if (refuse)
          return HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              reason: 'invalidInput',
              message: 'Validation failed',
              errors: [{ param: 'details', msg: 'Details must be at most 1000 characters' }],
            },
            { status: 400 },
          );
        const dispute = makeDispute({
          reason: 'not_received',
          details: 'Nothing in my UPI app since Monday',
          openedBy: payeeRef,
          can: { statement: true, withdraw: true },
        });
        return answer(
          makeSettlement({
            state: 'disputed',
            dispute: { id: dispute.id, status: 'open', outcome: null },
            disputes: [dispute],
            can: settlementCan(),
          }),
        );
      }),
    );
    const settle = await card();
    await user.click(settle.getByRole('button', { name: 'Not received' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Say ₹120 never arrived?' }));
    const details = dialog.getByLabelText('What should the moderator know? (optional)');
    await user.type(details, '  Nothing in my UPI app since Monday ');
    await user.click(dialog.getByRole('button', { name: 'Not received' }));
    expect(await dialog.findByText('Details must be at most 1000 characters')).toBeInTheDocument();
    expect(details).toHaveValue('  Nothing in my UPI app since Monday ');

    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Not received' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      { details: 'Nothing in my UPI app since Monday' },
      { details: 'Nothing in my UPI app since Monday' },
    ]);
    expect(events(settle)).toEqual(['You opened a dispute: Money not received']);
  });
});
