import { RUN_MESSAGES } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeRun, runCan } from '@/test/logistics';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toLocalInput } from '@/lib/local-time';

const localInput = (hours: number) => toLocalInput(new Date(Date.now() + hours * 3_600_000));

describe('shared runs list', { timeout: 20_000 }, () => {
  it('shows a hosteller the runs to join with their share now and if they join', async () => {
    const run = makeRun({ can: runCan('join') });
    const one = makeRun({
      items: 1,
      blocks: 1,
      participants: 1,
      totalFee: 30,
      share: 30,
      shareIfJoined: 15,
      myRequestId: 'x',
    });
    const closed = makeRun({ pickupFrom: 'Gandhi Nagar', status: 'closed', myRequestId: 'y' });
    server.use(
      meHandler(hosteller),
      http.get(api('/runs'), () => HttpResponse.json({ runs: [run, one, closed] })),
    );
    renderApp('/runs', { user: hosteller });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared runs' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Shared runs' });
    const card = within(list).getByRole('link', { name: /Run to Katpadi market · 4 items · ₹80 · 3 blocks/ });
    expect(card).toHaveAttribute('href', `/runs/${run.id}`);
    expect(within(card).getByText(/^Join by /)).toBeInTheDocument();
    // Not in it yet: what they would pay, worded as such.
    expect(within(card).getByText('Your share if you join: ₹16')).toBeInTheDocument();
    expect(within(card).queryByText(/now →/)).not.toBeInTheDocument();
    // In it: their share now, and what it drops to while others may still join.
    const mine = within(list).getByRole('link', { name: /Run to Katpadi market · 1 item · ₹30 · 1 block/ });
    expect(within(mine).getByText('Your share: ₹30 now → ₹15 if one more joins')).toBeInTheDocument();
    expect(within(mine).getByText('Joined')).toBeInTheDocument();
    const done = within(list).getByRole('link', { name: /Run to Gandhi Nagar/ });
    expect(within(done).getByText('Your share: ₹20')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a shared run' })).toHaveAttribute('href', '/runs/new');
  });

  it('shows the first page and loads the next with Load more', async () => {
    const first = makeRun({ pickupFrom: 'Katpadi market', can: runCan('join') });
    const second = makeRun({ pickupFrom: 'Gandhi Nagar', can: runCan('join') });
    const cursors: (string | null)[] = [];
    server.use(
      meHandler(hosteller),
      http.get(api('/runs'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return HttpResponse.json(
          cursor === 'page-2'
            ? { runs: [second], nextCursor: null }
            : { runs: [first], nextCursor: 'page-2' },
        );
      }),
    );
    const { user } = renderApp('/runs', { user: hosteller });
    const list = await screen.findByRole('list', { name: 'Shared runs' });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: /Run to Gandhi Nagar/ })).toHaveFocus();
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(cursors).toEqual([null, 'page-2']);
  });

  it('has an empty state per role', async () => {
    server.use(meHandler(dayscholar));
    renderApp('/runs', { user: dayscholar });
    expect(await screen.findByText('No shared runs open')).toBeInTheDocument();
    expect(screen.getByText(/for you to accept as one delivery/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start a shared run' })).not.toBeInTheDocument();
  });

  it('retries a failed load', async () => {
    let calls = 0;
    server.use(
      meHandler(hosteller),
      http.get(api('/runs'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'INTERNAL', message: 'Boom' }, { status: 500 })
          : HttpResponse.json({ runs: [makeRun()] });
      }),
    );
    const { user } = renderApp('/runs', { user: hosteller });
    expect(await screen.findByText('Failed to load shared runs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Run to Katpadi market/)).toBeInTheDocument();
  });
});

describe('Browse with shared runs', { timeout: 20_000 }, () => {
  it('shows a day scholar the runs they may accept above the requests', async () => {
    const run = makeRun({ can: runCan('accept') });
    server.use(
      meHandler(dayscholar),
      http.get(api('/runs'), () => HttpResponse.json({ runs: [run] })),
    );
    renderApp('/dayscholar/browse-requests', { user: dayscholar });
    const strip = await screen.findByRole('list', { name: 'Shared runs to accept' });
    const card = within(strip).getByRole('link', {
      name: /Run to Katpadi market · 4 items · ₹80 · 3 blocks/,
    });
    expect(card).toHaveAttribute('href', `/runs/${run.id}`);
    expect(within(card).getByText('You earn ₹80 for the whole run')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Browse Requests' })).toBeInTheDocument();
  });

  it('on a phone shows the soonest run and links to all of them, so the requests stay in view', async () => {
    const runs = [1, 2, 3].map((n) => makeRun({ pickupFrom: `Shop ${n}`, can: runCan('accept') }));
    server.use(
      meHandler(dayscholar),
      http.get(api('/runs'), () => HttpResponse.json({ runs })),
    );
    renderApp('/dayscholar/browse-requests', { user: dayscholar });
    const strip = await screen.findByRole('list', { name: 'Shared runs to accept' });
    const cards = within(strip).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    // The second shows on wider screens only.
    expect(cards[1]).toHaveClass('max-sm:hidden');
    expect(cards[0]).not.toHaveClass('max-sm:hidden');
    expect(screen.getByRole('link', { name: 'See all 3 shared runs' })).toHaveAttribute('href', '/runs');
  });

  it('shows nothing of runs when none is open', async () => {
    server.use(meHandler(dayscholar));
    renderApp('/dayscholar/browse-requests', { user: dayscholar });
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Requests' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Shared runs' })).not.toBeInTheDocument(),
    );
  });
});

describe('start a shared run', { timeout: 20_000 }, () => {
  async function openForm() {
    server.use(meHandler(hosteller));
    const result = renderApp('/runs/new', { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: 'Start a shared run' });
    return result;
  }

  it('shows the shared rules under the fields', async () => {
    const { user } = await openForm();
    expect(screen.getByLabelText('Delivery location')).toHaveValue('Block A, room 101');
    await user.click(screen.getByRole('button', { name: 'Start a shared run' }));
    // The form checks itself after the press (asynchronously).
    await waitFor(() =>
      expect(screen.getByLabelText('Pick up from')).toHaveAccessibleDescription(
        RUN_MESSAGES.pickupFromRequired,
      ),
    );
    expect(screen.getByLabelText('Pick up from')).toHaveFocus();
    expect(screen.getByLabelText('Join by')).toHaveAccessibleDescription(RUN_MESSAGES.cutoffRequired);
    expect(screen.getByLabelText('Total delivery fee (₹) — split equally')).toHaveAccessibleDescription(
      RUN_MESSAGES.totalFeeRequired,
    );
    expect(screen.getByLabelText('Item name')).toHaveAccessibleDescription('Please enter an item name');

    await user.type(screen.getByLabelText('Join by'), localInput(4));
    await user.type(screen.getByLabelText('Deadline'), localInput(3));
    await user.type(screen.getByLabelText('Total delivery fee (₹) — split equally'), '5');
    await user.type(screen.getByLabelText('Pick up from'), 'Katpadi market');
    await user.type(screen.getByLabelText('Item name'), 'Bread');
    await user.click(screen.getByRole('button', { name: 'Start a shared run' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Join by')).toHaveAccessibleDescription(RUN_MESSAGES.cutoffAfterDeadline),
    );
    expect(screen.getByLabelText('Total delivery fee (₹) — split equally')).toHaveAccessibleDescription(
      RUN_MESSAGES.totalFeeMin,
    );
  });

  it('sends the run with its item and opens it', async () => {
    const run = makeRun({ participants: 1, myRequestId: 'r', can: runCan() });
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(api('/runs'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ run }, { status: 201 });
      }),
      http.get(api(`/runs/${run.id}`), () => HttpResponse.json({ run })),
    );
    const { user, location } = await openForm();
    await user.type(screen.getByLabelText('Pick up from'), 'Katpadi market');
    await user.type(screen.getByLabelText('Join by'), localInput(2));
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.type(screen.getByLabelText('Total delivery fee (₹) — split equally'), '80');
    await user.type(screen.getByLabelText('Item name'), 'Bread');
    await user.click(screen.getByRole('button', { name: 'Start a shared run' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Run to Katpadi market' }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe(`/runs/${run.id}`);
    // Alone in it so far: inviting others comes first.
    const invite = screen.getByRole('region', { name: 'Invite others on your floor' });
    expect(within(invite).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(body).toMatchObject({
      pickupFrom: 'Katpadi market',
      totalFee: 80,
      item: { itemName: 'Bread', quantity: 1, deliveryLocation: 'Block A, room 101', category: 'other' },
    });
    expect(String(body?.cutoffAt)).toMatch(/Z$/);
  });

  it('fills the times from one-tap shortcuts, and they stay editable', async () => {
    const run = makeRun({ participants: 1, myRequestId: 'r' });
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(api('/runs'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ run }, { status: 201 });
      }),
      http.get(api(`/runs/${run.id}`), () => HttpResponse.json({ run })),
    );
    const { user } = await openForm();
    const joinBy = within(screen.getByRole('list', { name: 'Join by shortcuts' }));
    const before = Date.now();
    await user.click(joinBy.getByRole('button', { name: 'In 1 hour' }));
    const picked = new Date(String((screen.getByLabelText('Join by') as HTMLInputElement).value)).getTime();
    expect(Math.abs(picked - (before + 3_600_000))).toBeLessThan(120_000);
    expect(joinBy.getByRole('button', { name: 'In 1 hour' })).toHaveAttribute('aria-pressed', 'true');
    expect(joinBy.getByRole('button', { name: 'In 30 min' })).toHaveAttribute('aria-pressed', 'false');
    expect(joinBy.getByRole('button', { name: /^(Tomorrow )?5 pm$/ })).toBeInTheDocument();

    const deadlines = within(screen.getByRole('list', { name: 'Deadline shortcuts' }));
    await user.click(deadlines.getByRole('button', { name: 'In 3 hours' }));
    // Still a field: typing another time replaces the pick.
    // The time typed, kept: a minute may tick over before the run is sent.
    const typed = localInput(5);
    await user.clear(screen.getByLabelText('Deadline'));
    await user.type(screen.getByLabelText('Deadline'), typed);
    expect(deadlines.getByRole('button', { name: 'In 3 hours' })).toHaveAttribute('aria-pressed', 'false');

    await user.type(screen.getByLabelText('Pick up from'), 'Katpadi market');
    await user.type(screen.getByLabelText('Total delivery fee (₹) — split equally'), '80');
    await user.type(screen.getByLabelText('Item name'), 'Bread');
    await user.click(screen.getByRole('button', { name: 'Start a shared run' }));
    await screen.findByRole('heading', { level: 1, name: 'Run to Katpadi market' });
    expect(Date.parse(String(body?.cutoffAt))).toBe(picked);
    expect(body?.deadline).toBe(new Date(typed).toISOString());
  });

  it("shows the server's refusal when the hosteller already has runs open to join", async () => {
    server.use(
      http.post(api('/runs'), () =>
        HttpResponse.json(
          { code: 'CONFLICT', reason: 'tooManyOpen', message: RUN_MESSAGES.tooManyOpen },
          { status: 409 },
        ),
      ),
    );
    const { user, location } = await openForm();
    await user.type(screen.getByLabelText('Pick up from'), 'Katpadi market');
    await user.type(screen.getByLabelText('Join by'), localInput(2));
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.type(screen.getByLabelText('Total delivery fee (₹) — split equally'), '80');
    await user.type(screen.getByLabelText('Item name'), 'Bread');
    await user.click(screen.getByRole('button', { name: 'Start a shared run' }));
    expect(await screen.findByText(RUN_MESSAGES.tooManyOpen)).toBeInTheDocument();
    expect(location().pathname).toBe('/runs/new');
  });

  it('is for hostellers only', async () => {
    server.use(meHandler(dayscholar));
    const { location } = renderApp('/runs/new', { user: dayscholar });
    await waitFor(() => expect(location().pathname).not.toBe('/runs/new'));
  });
});
