import type { CreateRequestBody } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onlineManager } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { makeRequest } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts, toastsSettled } from '@/test/toasts';

/** A datetime-local value `hours` from now. */
function localInput(hours: number) {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function openForm() {
  server.use(meHandler(hosteller));
  const result = renderApp('/hosteller/my-requests/new', { user: hosteller });
  await screen.findByRole('heading', { level: 1, name: 'New Request' }, { timeout: 15_000 });
  return result;
}

describe('new request', { timeout: 20_000 }, () => {
  afterEach(() => act(() => onlineManager.setOnline(true)));

  it('offline, keeps the request to post later, shows it waiting, and posts it once when back online', async () => {
    const sent: CreateRequestBody[] = [];
    server.use(
      http.post(api('/requests'), async ({ request }) => {
        const body = (await request.json()) as CreateRequestBody;
        sent.push(body);
        return HttpResponse.json(
          { request: makeRequest({ id: 'posted-1', itemName: body.itemName }) },
          { status: 201 },
        );
      }),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Item name'), 'Offline milk');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '30');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    act(() => onlineManager.setOnline(false));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));

    await screen.findByRole('heading', { level: 1, name: 'My Requests' });
    const waiting = await screen.findByRole('listitem', { name: 'Offline milk, not posted yet' });
    expect(within(waiting).getByRole('status')).toHaveTextContent('Will post when you’re back online');
    await waitFor(() =>
      expect(toastTexts()).toContain('You’re offline. Your request will post when you’re back online.'),
    );
    expect(sent).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(toastTexts()).toContain('Request posted: Offline milk'));
    expect(sent.map((body) => body.itemName)).toEqual(['Offline milk']);
    // Left where they were.
    expect(screen.getByRole('heading', { level: 1, name: 'My Requests' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Offline milk, not posted yet' })).not.toBeInTheDocument();
  });

  it('offline, a waiting request can be cancelled and is never posted', async () => {
    const sent: unknown[] = [];
    server.use(http.post(api('/requests'), () => void sent.push(1)));
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Item name'), 'Cancelled bread');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '30');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    act(() => onlineManager.setOnline(false));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    const waiting = await screen.findByRole('listitem', { name: 'Cancelled bread, not posted yet' });
    await user.click(within(waiting).getByRole('button', { name: 'Cancel Cancelled bread' }));
    expect(screen.queryByRole('listitem', { name: /Cancelled bread/ })).not.toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    await toastsSettled();
    expect(sent).toEqual([]);
  });

  it('shows each missing field under the field, focused, and does not toast it again', async () => {
    const { user } = await openForm();
    const submit = () => user.click(screen.getByRole('button', { name: 'Create Request' }));
    const inToasts = (text: string) => toastTexts().filter((t) => t.includes(text));

    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Item name')).toHaveAccessibleDescription('Please enter an item name'),
    );
    expect(screen.getByLabelText('Item name')).toHaveFocus();
    await toastsSettled();
    expect(inToasts('Please enter an item name')).toEqual([]);

    await user.type(screen.getByLabelText('Item name'), 'Milk');
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Delivery fee — what you pay the deliverer')).toHaveAccessibleDescription(
        'Please enter an expected price',
      ),
    );
    expect(screen.getByLabelText('Delivery fee — what you pay the deliverer')).toHaveFocus();

    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '30');
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Deadline')).toHaveAccessibleDescription('Please enter a deadline'),
    );

    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.clear(screen.getByLabelText('Delivery location'));
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Delivery location')).toHaveAccessibleDescription(
        'Please enter a delivery location',
      ),
    );
    await toastsSettled();
    expect(inToasts('Please enter')).toEqual([]);
  });

  it('keeps one toast for creating a request: pressing Create again after a failure adds no copy', async () => {
    server.use(
      http.post(api('/requests'), () =>
        HttpResponse.json({ code: 'INTERNAL', message: 'Failed to create request' }, { status: 500 }),
      ),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Item name'), 'Milk');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '30');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.clear(screen.getByLabelText('Delivery location'));
    await user.type(screen.getByLabelText('Delivery location'), 'Block A gate');
    const submit = () => user.click(screen.getByRole('button', { name: 'Create Request' }));

    await submit();
    await waitFor(
      () =>
        expect(toastTexts()).toEqual([
          'Failed to create request. The server is busy — try again in a moment.',
        ]),
      { timeout: 15_000 },
    );
    await submit();
    await submit();
    await toastsSettled();
    expect(
      toastTexts().filter(
        (t) => t === 'Failed to create request. The server is busy — try again in a moment.',
      ),
    ).toHaveLength(1);
  });

  it('starts from the profile room, offers the last three places and sets the deadline in one tap', async () => {
    server.use(
      http.get(api('/requests/my-requests'), () =>
        HttpResponse.json({
          requests: ['Library steps', 'Block A gate', 'library steps', 'Canteen', 'Gym'].map((place) =>
            makeRequest({ deliveryLocation: place }),
          ),
          nextCursor: null,
        }),
      ),
    );
    const { user } = await openForm();
    const location = screen.getByLabelText('Delivery location');
    expect(location).toHaveValue('Block A, room 101');
    const places = await screen.findByRole('list', { name: 'Recent places' }, { timeout: 15_000 });
    const chips = within(places).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Library steps', 'Block A gate', 'Canteen']);
    await user.click(chips[1]!);
    expect(location).toHaveValue('Block A gate');
    expect(chips[1]).toHaveAttribute('aria-pressed', 'true');

    const shortcuts = screen.getByRole('list', { name: 'Time shortcuts' });
    const inThree = within(shortcuts).getByRole('button', { name: 'In 3 hours' });
    const before = Date.now();
    await user.click(inThree);
    const picked = new Date(String((screen.getByLabelText('Deadline') as HTMLInputElement).value)).getTime();
    expect(picked).toBeGreaterThan(before + 3 * 3_600_000 - 120_000);
    expect(picked).toBeLessThan(before + 3 * 3_600_000 + 60_000);
    expect(inThree).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Deadline')).toHaveAccessibleDescription(/^Due (today|tomorrow) \d{1,2}:\d{2}\s?[ap]m$/);
    expect(within(shortcuts).getByRole('button', { name: 'Tomorrow 10 am' })).toBeInTheDocument();
  });

  it('refuses a deadline in the past', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Item name'), 'Milk');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '30');
    await user.type(screen.getByLabelText('Deadline'), localInput(-2));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Deadline')).toHaveAccessibleDescription('Deadline must be in the future'),
    );
    expect((await screen.findAllByText('Deadline must be in the future')).length).toBeGreaterThan(0);
  });

  it('sends the request (deadline as ISO with Z) and opens it; a failure keeps what was typed', async () => {
    let sent: CreateRequestBody | undefined;
    let fail = true;
    const created = makeRequest({ itemName: 'Milk', expectedPrice: 30 });
    server.use(
      http.post(api('/requests'), async ({ request }) => {
        sent = (await request.json()) as CreateRequestBody;
        if (fail) return HttpResponse.json({ code: 'INTERNAL', message: '' }, { status: 500 });
        return HttpResponse.json({ request: created }, { status: 201 });
      }),
      http.get(api(`/requests/${created.id}`), () => HttpResponse.json({ request: created })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    );
    const { user, location } = await openForm();
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    expect(screen.getByLabelText('Category')).toHaveValue('other');
    expect(screen.getByLabelText('Ask the deliverer for a handover code')).toBeChecked();

    await user.type(screen.getByLabelText('Item name'), 'Milk');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '30');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.clear(screen.getByLabelText('Delivery location'));
    await user.type(screen.getByLabelText('Delivery location'), 'Block A gate');
    await user.click(screen.getByLabelText('Urgent'));
    await user.selectOptions(screen.getByLabelText('Category'), 'groceries');
    await user.click(screen.getByRole('button', { name: 'Create Request' }));

    expect(
      await screen.findByText(
        'Failed to create request. The server is busy — try again in a moment.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Item name')).toHaveValue('Milk');
    expect(screen.getByLabelText('Delivery location')).toHaveValue('Block A gate');
    expect(sent).toMatchObject({
      itemName: 'Milk',
      expectedPrice: 30,
      quantity: 1,
      isUrgent: true,
      handoverCode: true,
      category: 'groceries',
      deliveryLocation: 'Block A gate',
    });
    expect(sent?.deadline).toMatch(/Z$/);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    expect(
      await screen.findByText('Request created successfully!', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe(`/requests/${created.id}`));
  });

  it('sends the item cost and the pickup place, trimmed, and leaves them out when blank', async () => {
    const bodies: CreateRequestBody[] = [];
    server.use(
      http.post(api('/requests'), async ({ request }) => {
        bodies.push((await request.json()) as CreateRequestBody);
        return HttpResponse.json({ code: 'INTERNAL', message: '' }, { status: 500 });
      }),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Item name'), 'Vegetables');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '40');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('itemCost');
    expect(bodies[0]).not.toHaveProperty('pickupFrom');

    await user.type(screen.getByLabelText('Item cost (₹, optional)'), '250.5');
    await user.type(screen.getByLabelText('Pick up from (optional)'), '  Katpadi market ');
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ expectedPrice: 40, itemCost: 250.5, pickupFrom: 'Katpadi market' });
  });

  it('shows a bad item cost or a too long pickup place under its field, with the shared messages', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Item name'), 'Vegetables');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '40');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    const itemCost = screen.getByLabelText('Item cost (₹, optional)');
    expect(itemCost).toHaveAccessibleDescription(
      'Roughly what the items cost. The deliverer pays it and you pay it back.',
    );
    await user.type(itemCost, '0.5');
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() => expect(itemCost).toHaveAccessibleDescription('Item cost must be at least ₹1'));
    expect(itemCost).toHaveFocus();

    await user.clear(itemCost);
    await user.type(itemCost, '12.345');
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() =>
      expect(itemCost).toHaveAccessibleDescription('Item cost can have at most 2 decimal places'),
    );

    await user.clear(itemCost);
    const pickup = screen.getByLabelText('Pick up from (optional)');
    // The field stops typing at 80; a pasted longer text is still refused by the rule.
    pickup.removeAttribute('maxLength');
    await user.type(pickup, 'k'.repeat(81));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() =>
      expect(pickup).toHaveAccessibleDescription('Pickup place must be at most 80 characters'),
    );
  });

  it('writes the fee after a ₹, offers the usual fees in one tap and adds up what the requester pays', async () => {
    const bodies: CreateRequestBody[] = [];
    server.use(
      http.post(api('/requests'), async ({ request }) => {
        bodies.push((await request.json()) as CreateRequestBody);
        return HttpResponse.json({ code: 'INTERNAL', message: '' }, { status: 500 });
      }),
    );
    const { user } = await openForm();
    const fee = screen.getByLabelText('Delivery fee — what you pay the deliverer');
    // The ₹ sits in the field before the digits, for the eye only: the label names the field.
    const prefix = within(fee.parentElement!).getByText('₹');
    expect(prefix).toHaveAttribute('aria-hidden', 'true');
    expect(fee).toHaveClass('pl-7');

    const chips = within(screen.getByRole('list', { name: 'Suggested fees' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual(['₹20', '₹30', '₹50']);
    // Nothing to add up before there is a fee.
    expect(screen.queryByText(/^You pay/)).not.toBeInTheDocument();

    await user.click(chips.getByRole('button', { name: '₹30' }));
    expect(fee).toHaveValue(30);
    expect(chips.getByRole('button', { name: '₹30' })).toHaveAttribute('aria-pressed', 'true');
    expect(chips.getByRole('button', { name: '₹20' })).toHaveAttribute('aria-pressed', 'false');
    expect(
      screen.getByText('You pay ₹30 for delivery, plus what the receipt says for the items'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Item cost (₹, optional)'), '180');
    expect(screen.getByText('You pay about ₹210 in all')).toBeInTheDocument();
    expect(screen.getByText('Items ₹180 (estimate) + Delivery fee ₹30 = ₹210')).toBeInTheDocument();

    // Typed by hand, the chips follow; an amount the form would refuse adds up to nothing.
    await user.clear(fee);
    await user.type(fee, '0.5');
    expect(chips.getByRole('button', { name: '₹30' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(/^You pay/)).not.toBeInTheDocument();

    // The rule and its words are the fee's own, as before.
    await user.type(screen.getByLabelText('Item name'), 'Vegetables');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() => expect(fee).toHaveAccessibleDescription('Expected price must be at least ₹1'));
    expect(bodies).toEqual([]);

    await user.click(chips.getByRole('button', { name: '₹50' }));
    await waitFor(() => expect(fee).not.toHaveAccessibleDescription('Expected price must be at least ₹1'));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ expectedPrice: 50, itemCost: 180 });
  });
});
