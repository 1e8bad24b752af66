import type { DeliveryRequest } from '@campusrun/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { can, delivererRef, makeRequest, requesterRef, withDeliverer } from '@/test/requests';
import { currentSocket } from '@/test/socket';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

async function openRequest(request: DeliveryRequest, viewer: typeof hosteller) {
  server.use(
    meHandler(viewer),
    http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
    http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 4.3, count: 3 } })),
  );
  const result = renderApp(`/requests/${request.id}`, { user: viewer });
  await screen.findByRole('heading', { level: 2, name: request.itemName }, { timeout: 15_000 });
  return result;
}

/** A pending request as a day scholar gets it: they may accept it and chat with its requester. */
const openToDayScholar = () => makeRequest({ counterpart: requesterRef, can: can('accept', 'chat') });

/** An accepted request as its deliverer gets it. */
const deliverersView = () => ({
  ...withDeliverer(makeRequest()),
  counterpart: requesterRef,
  ratingType: 'dayscholar_to_hosteller' as const,
  can: can('complete', 'cancelDelivery', 'chat'),
});

describe('request detail', { timeout: 20_000 }, () => {
  it('shows a pending request to its requester: no deliverer, no chat, a cancel action', async () => {
    const request = makeRequest({
      itemName: 'Bread',
      isUrgent: true,
      expectedPrice: 45,
      ratingType: 'hosteller_to_dayscholar',
      can: can('cancel'),
    });
    await openRequest(request, hosteller);
    expect(screen.getByRole('heading', { level: 1, name: 'Request Details' })).toBeInTheDocument();
    expect(screen.getByText(`Request #${request.number}`)).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Urgent')).toBeInTheDocument();
    expect(screen.getByText('₹45')).toBeInTheDocument();
    // One way back: the top bar's (no second "Back to …" link in the page).
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
    const requester = within(screen.getByRole('region', { name: 'Requester' }));
    expect(requester.getByText('(You)')).toBeInTheDocument();
    expect(requester.getByText('Requester (Hosteller)')).toBeInTheDocument();
    expect(await requester.findByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('Not yet assigned')).toBeInTheDocument();
    expect(screen.getByText('Waiting for a day scholar to accept')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Chat with/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Request' })).not.toBeInTheDocument();
  });

  it('leads the requester’s open request with Share request; Cancel Request is a red outline behind its confirmation', async () => {
    const request = makeRequest({ itemName: 'Bread', expectedPrice: 30, can: can('cancel') });
    const { user } = await openRequest(request, hosteller);
    const group = within(screen.getByRole('group', { name: 'Request actions' }));
    expect(group.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Share request',
      'Cancel Request',
    ]);
    // jsdom has no layout: the classes are the contract (the filled indigo button is the main one).
    const share = group.getByRole('button', { name: 'Share request' });
    const cancel = group.getByRole('button', { name: 'Cancel Request' });
    expect(share).toHaveClass('bg-indigo-600');
    expect(cancel).not.toHaveClass('bg-red-600');
    expect(cancel).not.toHaveClass('bg-indigo-600');
    expect(cancel).toHaveClass('text-red-700', 'ring-red-300');
    // One Share on the page: the header leaves its own out.
    expect(screen.getAllByRole('button', { name: /^Share/ })).toHaveLength(1);

    // Without a share sheet (a desktop browser) the link is copied.
    await user.click(share);
    expect(await screen.findByText('Link copied', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/requests/${request.id}`);

    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    // The confirmation is the red button.
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveClass('bg-red-600');
  });

  it('keeps Share in the header once the request is accepted, and Cancel Request stays an outline', async () => {
    const request = {
      ...withDeliverer(makeRequest()),
      counterpart: delivererRef,
      pickedUpAt: new Date().toISOString(),
      can: can('cancel', 'chat', 'confirmReceipt'),
    };
    await openRequest(request, hosteller);
    const group = within(screen.getByRole('group', { name: 'Request actions' }));
    expect(group.queryByRole('button', { name: 'Share request' })).not.toBeInTheDocument();
    expect(group.getByRole('button', { name: 'Confirm receipt' })).toHaveClass('bg-indigo-600');
    expect(group.getByRole('button', { name: 'Cancel Request' })).not.toHaveClass('bg-red-600');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('links a request on a trip to the trip, and one in a shared run to the run', async () => {
    const tripId = '7a1b0000-0000-4000-8000-000000000001';
    const runId = '5b2c0000-0000-4000-8000-000000000001';
    const { unmount } = await openRequest({ ...withDeliverer(makeRequest()), tripId }, hosteller);
    expect(screen.getByRole('link', { name: 'On a trip' })).toHaveAttribute('href', `/trips/${tripId}`);
    expect(screen.queryByRole('link', { name: 'Part of a shared run' })).not.toBeInTheDocument();
    unmount();
    await openRequest(makeRequest({ runId }), hosteller);
    expect(screen.getByRole('link', { name: 'Part of a shared run' })).toHaveAttribute(
      'href',
      `/runs/${runId}`,
    );
    expect(screen.queryByRole('link', { name: 'On a trip' })).not.toBeInTheDocument();
  });

  it('says only "No deliverer" for a request cancelled before anyone accepted it', async () => {
    const request = makeRequest({ status: 'cancelled', cancelledAt: new Date().toISOString() });
    await openRequest(request, hosteller);
    const deliverer = within(screen.getByRole('region', { name: 'Deliverer' }));
    expect(deliverer.getByText('No deliverer')).toBeInTheDocument();
    expect(screen.queryByText('Not yet assigned')).not.toBeInTheDocument();
    expect(screen.queryByText('Waiting for a day scholar to accept')).not.toBeInTheDocument();
  });

  it('labels the drop point box in a colour with enough contrast on its blue tint', async () => {
    const request = {
      ...withDeliverer(makeRequest()),
      contact: { phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
    };
    await openRequest(request, dayscholar);
    const labels = within(screen.getByRole('region', { name: 'Requester contact' })).getAllByRole('term');
    expect(labels.map((dt) => dt.textContent)).toEqual(['Hostel block', 'Room', 'Phone']);
    // slate-500 on blue-50 is 4.37:1 (axe: serious); slate-600 is 6.9:1.
    for (const dt of labels) expect(dt).toHaveClass('text-slate-600');
  });

  it('lets a day scholar accept behind a dialog and shows the returned request', async () => {
    const request = { ...openToDayScholar(), expectedPrice: 30, itemCost: 172 };
    const accepted = {
      ...withDeliverer(request),
      contact: { phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
      ratingType: 'dayscholar_to_hosteller' as const,
      can: can('complete', 'cancelDelivery', 'chat'),
    };
    server.use(
      http.put(api(`/requests/${request.id}/accept`), () => HttpResponse.json({ request: accepted })),
    );
    const { user } = await openRequest(request, dayscholar);
    expect(screen.getByRole('link', { name: /^Chat with/ })).toHaveAttribute('href', `/chat/${hosteller.id}`);

    await user.click(screen.getByRole('button', { name: 'Accept Request' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/responsibility for the delivery/)).toBeInTheDocument();
    // What it means in money before committing: the fee earned, the shop, what comes back.
    expect(
      within(dialog).getByText(
        `You earn ₹30. You pay about ₹172 at the shop, and ${request.requester.name} pays you about ₹202 in all.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Request accepted successfully', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText('Accepted')[0]).toBeInTheDocument();
    const deliverer = within(screen.getByRole('region', { name: 'Deliverer' }));
    expect(deliverer.getByText('(You)')).toBeInTheDocument();
    expect(deliverer.getByText('Deliverer (Day Scholar)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Requester contact' })).getByText('9876543210'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as Completed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Delivery' })).toBeInTheDocument();
  });

  it('keeps the dialog open and shows the server message when the action fails', async () => {
    const request = openToDayScholar();
    server.use(
      http.put(api(`/requests/${request.id}/accept`), () =>
        HttpResponse.json(
          { code: 'CONFLICT', message: 'This request has already been accepted by someone else' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openRequest(request, dayscholar);
    await user.click(screen.getByRole('button', { name: 'Accept Request' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'This request has already been accepted by someone else',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('completes with optional delivery notes (the deliverer)', async () => {
    const request = deliverersView();
    let body: unknown;
    server.use(
      http.put(api(`/requests/${request.id}/deliver`), async ({ request: req }) => {
        body = await req.json();
        return HttpResponse.json({
          request: {
            ...request,
            status: 'completed',
            deliveryNotes: 'At the gate',
            completedAt: new Date().toISOString(),
            can: can('rate', 'chat'),
          },
        });
      }),
    );
    const { user } = await openRequest(request, dayscholar);
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    const dialog = await screen.findByRole('dialog');
    const notes = within(dialog).getByLabelText('Delivery notes (optional)');
    expect(notes).toHaveAttribute('rows', '3');
    // No item cost: nothing to give a receipt amount for.
    expect(within(dialog).queryByLabelText('Receipt amount (₹)')).not.toBeInTheDocument();
    await user.type(notes, 'At the gate');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Request completed successfully', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(body).toEqual({ deliveryNotes: 'At the gate' });
    expect(screen.getAllByText('Completed')[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate Hosteller' })).toBeInTheDocument();
  });

  it('shows the requester their handover code in large type and lets them confirm receipt', async () => {
    const request = {
      ...withDeliverer(makeRequest()),
      counterpart: delivererRef,
      handoverRequired: true,
      handoverCode: '0427',
      pickedUpAt: new Date().toISOString(),
      can: can('cancel', 'chat', 'confirmReceipt'),
    };
    let confirmed = false;
    server.use(
      http.put(api(`/requests/${request.id}/confirm-receipt`), () => {
        confirmed = true;
        return HttpResponse.json({
          request: {
            ...request,
            status: 'completed',
            handoverCode: null,
            completedAt: new Date().toISOString(),
            can: can('rate', 'chat'),
          },
        });
      }),
    );
    const { user } = await openRequest(request, hosteller);
    const box = within(screen.getByRole('region', { name: 'Handover code' }));
    expect(box.getByTestId('handover-code')).toHaveTextContent('0427');
    expect(box.getByText('0 4 2 7')).toHaveClass('sr-only');
    await user.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm you received the items?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Receipt confirmed: the request is completed', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(confirmed).toBe(true);
    expect(screen.queryByRole('region', { name: 'Handover code' })).not.toBeInTheDocument();
  });

  it('finding 1: shows the requester a waiting line instead of Confirm receipt until the deliverer picks it up', async () => {
    const request = {
      ...withDeliverer(makeRequest()),
      counterpart: delivererRef,
      ratingType: 'hosteller_to_dayscholar' as const,
      can: can('cancel', 'chat'),
    };
    await openRequest(request, hosteller);
    expect(screen.getByText('Waiting for your deliverer to pick it up')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).not.toBeInTheDocument();
  });

  it('finding 1: lets the deliverer mark the request picked up behind a confirmation', async () => {
    const request = { ...deliverersView(), can: can('complete', 'pickUp', 'cancelDelivery', 'chat') };
    let called = false;
    server.use(
      http.put(api(`/requests/${request.id}/picked-up`), () => {
        called = true;
        return HttpResponse.json({
          request: {
            ...request,
            pickedUpAt: new Date().toISOString(),
            can: can('complete', 'cancelDelivery', 'chat', 'onTheWay'),
          },
        });
      }),
    );
    const { user } = await openRequest(request, dayscholar);
    expect(screen.queryByRole('button', { name: 'On my way' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark picked up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this request picked up?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Marked picked up: the requester has been told', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(called).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark picked up' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent(
      /^DeliveryPicked upYou picked it up at /,
    );
    // The next step is the deliverer's: on the way.
    expect(screen.getByRole('button', { name: 'On my way' })).toBeInTheDocument();
  });

  it('lets the deliverer say they are on the way, checked by the shared rule, then update the estimate', async () => {
    const pickedUp = {
      ...deliverersView(),
      pickedUpAt: new Date().toISOString(),
      contact: { phoneNumber: '9876543210', hostelBlock: 'Block A', roomNumber: '101' },
      can: can('complete', 'cancelDelivery', 'chat', 'onTheWay'),
    };
    const sent: unknown[] = [];
    server.use(
      http.put(api(`/requests/${pickedUp.id}/on-the-way`), async ({ request }) => {
        const body = (await request.json()) as { minutes: number };
        sent.push(body);
        return HttpResponse.json({
          request: {
            ...pickedUp,
            onTheWayAt: new Date().toISOString(),
            arrivalEta: new Date(Date.now() + body.minutes * 60_000).toISOString(),
          },
        });
      }),
    );
    const { user } = await openRequest(pickedUp, dayscholar);
    // The drop point, with one-tap Call and Chat.
    const drop = within(screen.getByRole('region', { name: 'Requester contact' }));
    expect(drop.getByText('Drop point')).toBeInTheDocument();
    expect(drop.getByText(pickedUp.deliveryLocation)).toBeInTheDocument();
    expect(drop.getByRole('link', { name: `Call ${requesterRef.name}` })).toHaveAttribute(
      'href',
      'tel:9876543210',
    );
    expect(drop.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', `/chat/${hosteller.id}`);

    await user.click(screen.getByRole('button', { name: 'On my way' }));
    const dialog = await screen.findByRole('dialog', { name: 'How long until you arrive?' });
    const minutes = within(dialog).getByLabelText('Minutes');
    await user.type(minutes, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Minutes must be at least 1')).toBeInTheDocument();
    await user.clear(minutes);
    await user.type(minutes, '121');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Minutes must be at most 120')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: '10 min' }));
    expect(minutes).toHaveValue(10);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('The requester has been told when you arrive', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ minutes: 10 }]);
    expect(await screen.findByTestId('arrival')).toHaveTextContent('Arriving in about 10 min');
    expect(screen.getByRole('button', { name: 'Update estimate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'On my way' })).not.toBeInTheDocument();
  });

  it('shows the requester the live countdown when the deliverer’s estimate arrives by socket', async () => {
    const mine = {
      ...withDeliverer(makeRequest()),
      counterpart: delivererRef,
      pickedUpAt: new Date().toISOString(),
      can: can('cancel', 'chat', 'confirmReceipt'),
    };
    await openRequest(mine, hosteller);
    expect(screen.getByTestId('arrival')).toHaveTextContent('Picked up');
    currentSocket().serverEmit('request:updated', {
      request: {
        ...mine,
        onTheWayAt: new Date().toISOString(),
        arrivalEta: new Date(Date.now() + 6 * 60_000).toISOString(),
      },
    });
    await waitFor(() => expect(screen.getByTestId('arrival')).toHaveTextContent('Arriving in about 6 min'));
    expect(screen.getByText(`${dayscholar.name} is on the way, arriving in about 6 min`)).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('asks the deliverer for the handover code and shows a wrong code at the field', async () => {
    const request = { ...deliverersView(), handoverRequired: true };
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/requests/${request.id}/deliver`), async ({ request: req }) => {
        const body = (await req.json()) as { handoverCode?: string };
        bodies.push(body);
        if (body.handoverCode !== '0427')
          return HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              reason: 'handoverCodeWrong',
              message: 'That code is not right. 2 tries left.',
            },
            { status: 400 },
          );
        return HttpResponse.json({
          request: {
            ...request,
            status: 'completed',
            completedAt: new Date().toISOString(),
            can: can('chat'),
          },
        });
      }),
    );
    const { user } = await openRequest(request, dayscholar);
    expect(screen.getByText(/asked for a handover code/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('Handover code');
    await user.type(code, '12a34');
    expect(code).toHaveValue('1234');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // The server's words, tries left included, under the field, which is back in focus with the
    // digits typed selected: the next ones typed replace them.
    expect(await within(dialog).findByText('That code is not right. 2 tries left.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('That code is not right. 2 tries left.'),
    );
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveValue('1234');
    expect([(code as HTMLInputElement).selectionStart, (code as HTMLInputElement).selectionEnd]).toEqual([
      0, 4,
    ]);
    await user.keyboard('0427');
    expect(code).toHaveValue('0427');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Request completed successfully', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ handoverCode: '1234' }, { handoverCode: '0427' }]);
  });

  // The dialog tells a code problem from any other by the refusal's reason, never by its text.
  it.each([
    ['a wrong code', 400, 'VALIDATION_FAILED', 'handoverCodeWrong', 'That code does not match', true],
    ['a locked code', 409, 'CONFLICT', 'handoverCodeLocked', 'No more tries for this code', true],
    [
      'another refusal worded like a code problem',
      409,
      'CONFLICT',
      'changed',
      'The handover code is not correct',
      false,
    ],
  ] as const)(
    'shows %s at the code field only when the reason says so',
    async (_, status, code, reason, message, atField) => {
      const request = { ...deliverersView(), handoverRequired: true };
      server.use(
        http.put(api(`/requests/${request.id}/deliver`), () =>
          HttpResponse.json({ code, reason, message }, { status }),
        ),
      );
      const { user } = await openRequest(request, dayscholar);
      await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
      const dialog = await screen.findByRole('dialog');
      const field = within(dialog).getByLabelText('Handover code');
      await user.type(field, '1234');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText(message, {}, { timeout: 15_000 })).toBeInTheDocument();
      if (atField) {
        expect(within(dialog).getByText(message)).toBeInTheDocument();
        expect(field).toHaveAttribute('aria-invalid', 'true');
      } else {
        expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
        expect(field).not.toHaveAttribute('aria-invalid', 'true');
      }
    },
  );

  it('clears a code that is locked and keeps the field in focus with the reason', async () => {
    const request = { ...deliverersView(), handoverRequired: true };
    const locked = 'Too many wrong codes. Ask the requester to confirm receipt.';
    server.use(
      http.put(api(`/requests/${request.id}/deliver`), () =>
        HttpResponse.json(
          { code: 'CONFLICT', reason: 'handoverCodeLocked', message: locked },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openRequest(request, dayscholar);
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('Handover code');
    await user.type(code, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(locked, {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveValue('');
  });

  it('tells a deliverer the handover code is locked and offers no completion', async () => {
    // As the server sends it once five wrong codes were typed for the request, by any deliverer.
    const locked = { handoverRequired: true, handoverLocked: true };
    await openRequest({ ...deliverersView(), ...locked, can: can('cancelDelivery', 'chat') }, dayscholar);
    expect(screen.getByText(/Too many wrong handover codes were typed/)).toBeInTheDocument();
    expect(screen.queryByText(/asked for a handover code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Delivery' })).toBeInTheDocument();
  });

  it('shows the requester a locked handover code with Confirm receipt', async () => {
    const request = {
      ...withDeliverer(makeRequest()),
      counterpart: delivererRef,
      handoverRequired: true,
      handoverCode: '0427',
      handoverLocked: true,
      // The deliverer typed the codes: that marked it picked up.
      pickedUpAt: new Date().toISOString(),
      can: can('cancel', 'chat', 'confirmReceipt'),
    };
    await openRequest(request, hosteller);
    const box = within(screen.getByRole('region', { name: 'Handover code' }));
    expect(box.getByText(/Too many wrong codes were typed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm receipt' })).toBeInTheDocument();
  });

  it('stacks the action buttons full width on phones and puts them inline from sm up', async () => {
    await openRequest(deliverersView(), dayscholar);
    const group = screen.getByRole('group', { name: 'Request actions' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark as Completed', 'Cancel Delivery']);
    // jsdom has no layout: the classes are the contract (column + stretch below sm, row from sm).
    expect(group).toHaveClass('flex', 'flex-col', 'sm:flex-row');
  });

  it('shows no actions to another hosteller and only accept is hidden once accepted by someone else', async () => {
    const request = withDeliverer(makeRequest({ requesterId: 'aaaaaaaa-0000-4000-8000-000000000001' }));
    await openRequest(request, hosteller);
    expect(screen.queryByRole('button', { name: 'Cancel Request' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rate/ })).not.toBeInTheDocument();
  });

  it('validates the rating dialog, submits the rating once and then shows the stars given', async () => {
    const request = {
      ...withDeliverer(makeRequest(), 'completed'),
      counterpart: delivererRef,
      ratingType: 'hosteller_to_dayscholar' as const,
      can: can('rate', 'chat'),
    };
    let sent: unknown;
    server.use(
      http.post(api('/ratings'), async ({ request: req }) => {
        sent = await req.json();
        // From now on the server says there is nothing left to rate.
        server.use(
          http.get(api(`/requests/${request.id}`), () =>
            HttpResponse.json({
              request: { ...request, viewerHasRated: true, viewerRating: 4, can: can('chat') },
            }),
          ),
        );
        return HttpResponse.json({ message: 'Rating submitted successfully', rating: {} }, { status: 201 });
      }),
    );
    const { user } = await openRequest(request, hosteller);
    await user.click(screen.getByRole('button', { name: 'Rate Day Scholar' }));
    const dialog = await screen.findByRole('dialog', { name: `Rate ${dayscholar.name}` });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(
      await within(dialog).findByText('Please select a rating', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // The error takes the student to the stars.
    expect(within(dialog).getByLabelText('1 star, Poor')).toHaveFocus();
    expect(sent).toBeUndefined();

    await user.click(within(dialog).getByLabelText('4 stars, Very Good'));
    expect(within(dialog).getByText('Very Good')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Comment (optional)')).toHaveAttribute('rows', '4');
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Quick and polite');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));

    expect(
      await screen.findByText('Rating submitted successfully', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      userId: dayscholar.id,
      requestId: request.id,
      rating: 4,
      comment: 'Quick and polite',
      ratingType: 'hosteller_to_dayscholar',
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Rate Day Scholar' })).not.toBeInTheDocument(),
    );
    // What was given shows in its place.
    const given = screen.getByText(`You rated ${dayscholar.name}`);
    expect(within(given).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
  });

  it('shows exactly the buttons `can` allows, and no others', async () => {
    // Even the requester of a pending request sees no Cancel when the server does not allow it.
    await openRequest(makeRequest({ can: can() }), hosteller);
    expect(screen.queryByRole('group', { name: 'Request actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Chat with/ })).not.toBeInTheDocument();
  });

  it('updates in place when the request changes elsewhere: pending → Accepted → Completed', async () => {
    const request = makeRequest({ ratingType: 'hosteller_to_dayscholar', can: can('cancel') });
    await openRequest(request, hosteller);
    expect(screen.getByText('Pending')).toBeInTheDocument();
    const socket = currentSocket();

    const accepted = {
      ...withDeliverer(request),
      counterpart: delivererRef,
      can: can('cancel', 'chat'),
    };
    socket.serverEmit('request:updated', { request: accepted });
    expect((await screen.findAllByText('Accepted'))[0]).toBeInTheDocument();
    const deliverer = within(screen.getByRole('region', { name: 'Deliverer' }));
    expect(deliverer.getByText('Deliverer (Day Scholar)')).toBeInTheDocument();
    expect(deliverer.getAllByText(dayscholar.name)[0]).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Chat with ${dayscholar.name}` })).toHaveAttribute(
      'href',
      `/chat/${dayscholar.id}`,
    );

    socket.serverEmit('request:updated', {
      request: {
        ...accepted,
        status: 'completed',
        completedAt: new Date().toISOString(),
        can: can('rate', 'chat'),
      },
    });
    expect((await screen.findAllByText('Completed'))[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate Day Scholar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Request' })).not.toBeInTheDocument();
  });

  it('shows an expired request as Expired and reposts it with a new deadline', async () => {
    const request = makeRequest({
      deadline: new Date(Date.now() - 3_600_000).toISOString(),
      isExpired: true,
      isUrgent: true,
      ratingType: 'hosteller_to_dayscholar',
      can: can('cancel', 'repost'),
    });
    let sent: unknown;
    server.use(
      http.put(api(`/requests/${request.id}/repost`), async ({ request: req }) => {
        sent = await req.json();
        const { deadline } = sent as { deadline: string };
        return HttpResponse.json({ request: { ...request, deadline, isExpired: false, can: can('cancel') } });
      }),
    );
    const { user } = await openRequest(request, hosteller);
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByText('Pending')).not.toBeInTheDocument();
    expect(screen.queryByText('Urgent')).not.toBeInTheDocument();
    expect(screen.getByText(/day scholars no longer see this request/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Repost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repost this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Repost' }));
    expect(await within(dialog).findByText('Please enter a deadline')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${inTwoHours.getFullYear()}-${pad(inTwoHours.getMonth() + 1)}-${pad(inTwoHours.getDate())}T${pad(inTwoHours.getHours())}:${pad(inTwoHours.getMinutes())}`;
    await user.type(within(dialog).getByLabelText('New deadline'), local);
    await user.click(within(dialog).getByRole('button', { name: 'Repost' }));
    expect(
      await screen.findByText('Request reposted successfully', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(sent).toEqual({ deadline: new Date(local).toISOString() });
    await waitFor(() => expect(screen.queryByText('Expired')).not.toBeInTheDocument());
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repost' })).not.toBeInTheDocument();
  });

  it("says 'Request not found' with a way back to the dashboard", async () => {
    server.use(
      meHandler(hosteller),
      http.get(api('/requests/:id'), () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'Request not found' }, { status: 404 }),
      ),
    );
    renderApp('/requests/4b0c1d2e-0000-4000-8000-000000000099', { user: hosteller });
    expect(await screen.findByText('Request not found', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/hosteller/dashboard',
    );
  });

  it("toasts 'Failed to load request details' and shows the error with Retry and a way back", async () => {
    let calls = 0;
    const request = makeRequest();
    server.use(
      meHandler(dayscholar),
      http.get(api(`/requests/${request.id}`), () =>
        ++calls === 1
          ? HttpResponse.json({ code: 'INTERNAL', message: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json({ request }),
      ),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    );
    const { user } = renderApp(`/requests/${request.id}`, { user: dayscholar });
    expect(
      await screen.findByText('Failed to load request details', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to load request')).toBeInTheDocument();
    // Plain words for a server that cannot answer now: no error name, status or server jargon.
    expect(screen.getByText('The server is busy — try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByText(/Database unavailable|ApiError|503/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dayscholar/dashboard',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: request.itemName })).toBeInTheDocument();
  });

  it('wraps a long id in the error text instead of widening the page', async () => {
    const id = 'x'.repeat(300);
    server.use(
      meHandler(hosteller),
      http.get(api('/requests/:id'), () =>
        HttpResponse.json({ code: 'BAD_REQUEST', message: `Invalid request id ${id}` }, { status: 400 }),
      ),
    );
    renderApp(`/requests/${id}`, { user: hosteller });
    const message = await screen.findByText(
      `Invalid request id ${id}`,
      { selector: 'p' },
      { timeout: 15_000 },
    );
    expect(message).toHaveClass('wrap-anywhere');
  });

  it('shows the fee, the item cost, the pickup place and, once delivered, the receipt', async () => {
    const request = makeRequest({
      itemName: 'Vegetables',
      expectedPrice: 40,
      itemCost: 250,
      actualItemCost: 260,
      pickupFrom: 'Katpadi market',
      status: 'completed',
      ratingType: 'hosteller_to_dayscholar',
    });
    await openRequest(request, hosteller);
    const facts = within(screen.getByRole('region', { name: 'Vegetables' }));
    const fact = (term: string) => facts.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Delivery fee')).toHaveTextContent('₹40');
    expect(fact('Item cost')).toHaveTextContent('≈ ₹250');
    expect(facts.getByText('Receipt: ₹260')).toBeInTheDocument();
    expect(fact('Pick up from')).toHaveTextContent('Katpadi market');
  });

  it('shows no item cost, pickup place or receipt for a request without them', async () => {
    await openRequest(makeRequest({ itemName: 'Bread', expectedPrice: 45 }), hosteller);
    expect(screen.getByText('Delivery fee')).toBeInTheDocument();
    expect(screen.queryByText('Item cost')).not.toBeInTheDocument();
    expect(screen.queryByText('Pick up from')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Receipt:/)).not.toBeInTheDocument();
  });

  it('asks the deliverer of a request with an item cost for the receipt amount and sends it', async () => {
    const request = { ...deliverersView(), itemCost: 250, pickupFrom: 'Katpadi market' };
    const bodies: unknown[] = [];
    server.use(
      http.put(api(`/requests/${request.id}/deliver`), async ({ request: req }) => {
        const body = (await req.json()) as { actualItemCost?: number };
        bodies.push(body);
        if (body.actualItemCost === 0)
          return HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              reason: 'invalidInput',
              message: 'Receipt amount must be at least ₹1',
              errors: [{ param: 'actualItemCost', msg: 'Receipt amount must be at least ₹1' }],
            },
            { status: 400 },
          );
        return HttpResponse.json({
          request: {
            ...request,
            status: 'completed',
            actualItemCost: body.actualItemCost ?? null,
            completedAt: new Date().toISOString(),
            can: can('chat'),
          },
        });
      }),
    );
    const { user } = await openRequest(request, dayscholar);
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    const dialog = await screen.findByRole('dialog');
    const receipt = within(dialog).getByLabelText('Receipt amount (₹)');
    expect(receipt).toHaveAccessibleDescription('Optional: what the receipt says. The estimate was ₹250.');
    await user.type(receipt, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Receipt amount must be at least ₹1')).toBeInTheDocument();
    expect(receipt).toHaveAttribute('aria-invalid', 'true');
    await user.clear(receipt);
    await user.type(receipt, '260.5');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Request completed successfully', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ actualItemCost: 0 }, { actualItemCost: 260.5 }]);
    expect(screen.getByText('Receipt: ₹260.50')).toBeInTheDocument();
  });
});

describe('request detail offline', { timeout: 20_000 }, () => {
  const OFFLINE = 'You’re offline. Try again when you’re back online.';
  afterEach(() => onlineManager.setOnline(true));

  /** A pending request open to a day scholar; the accepts that reach the server are counted. */
  function acceptable() {
    const request = openToDayScholar();
    const sent: string[] = [];
    server.use(
      http.put(api(`/requests/${request.id}/accept`), () => {
        sent.push(request.id);
        return HttpResponse.json({ request: { ...withDeliverer(request), can: can('chat') } });
      }),
    );
    return { request, sent };
  }

  it('opened offline with nothing kept on the phone, says so instead of loading for ever, and loads once back online', async () => {
    const request = makeRequest({ itemName: 'Kept nowhere' });
    server.use(
      meHandler(hosteller),
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
    );
    act(() => onlineManager.setOnline(false));
    renderApp(`/requests/${request.id}`, { user: hosteller });
    expect(
      await screen.findByText('This request isn’t saved on this phone', undefined, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByText('It loads by itself when you’re back online.')).toBeVisible();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('heading', { name: 'Kept nowhere' })).toBeVisible();
  });

  it('offline, Accept Request is off with the reason as its description; back online it is on again', async () => {
    const { request, sent } = acceptable();
    const { user } = await openRequest(request, dayscholar);
    act(() => onlineManager.setOnline(false));

    const accept = screen.getByRole('button', { name: 'Accept Request' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription(OFFLINE);
    expect(screen.getAllByText(OFFLINE)).toHaveLength(1);
    await user.click(accept);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('button', { name: 'Accept Request' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Accept Request' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
  });

  it('offline, the requester cannot cancel: someone may accept it meanwhile', async () => {
    const request = makeRequest({ can: can('cancel') });
    const sent: string[] = [];
    server.use(
      http.put(api(`/requests/${request.id}/cancel`), () => {
        sent.push(request.id);
        return HttpResponse.json({ request: { ...request, status: 'cancelled', can: can() } });
      }),
    );
    const { user } = await openRequest(request, hosteller);
    act(() => onlineManager.setOnline(false));
    const cancel = screen.getByRole('button', { name: 'Cancel Request' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(OFFLINE);
    await user.click(cancel);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeEnabled();
  });

  it('going offline with the accept dialog open turns Confirm off until the network returns', async () => {
    const { request, sent } = acceptable();
    const { user } = await openRequest(request, dayscholar);
    await user.click(screen.getByRole('button', { name: 'Accept Request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this request?' }));
    act(() => onlineManager.setOnline(false));

    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(OFFLINE);
    expect(dialog.getByText(OFFLINE)).toBeInTheDocument();
    await user.click(confirm);
    expect(sent).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(dialog.queryByText(OFFLINE)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toEqual([request.id]));
  });
});
