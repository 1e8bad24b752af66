import type { Run } from '@campusrun/shared';
import { RUN_MESSAGES } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeRun, runCan } from '@/test/logistics';
import { makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts } from '@/test/toasts';

async function openRun(run: Run, viewer: typeof hosteller) {
  server.use(
    meHandler(viewer),
    http.get(api(`/runs/${run.id}`), () => HttpResponse.json({ run })),
  );
  const result = renderApp(`/runs/${run.id}`, { user: viewer });
  await screen.findByRole('heading', { level: 1, name: `Run to ${run.pickupFrom}` });
  return result;
}

describe('run page, hosteller', { timeout: 20_000 }, () => {
  it('joins with an item, showing the share before sending', async () => {
    const run = makeRun({ can: runCan('join') });
    const mine = makeRequest({ itemName: 'Bread', runId: run.id });
    let body: unknown;
    server.use(
      http.post(api(`/runs/${run.id}/join`), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            run: {
              ...run,
              participants: 5,
              items: 6,
              share: 16,
              shareIfJoined: 13.33,
              myRequestId: mine.id,
              requests: [mine],
              can: runCan('leave'),
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = await openRun(run, hosteller);
    expect(screen.getByText('4 people')).toBeInTheDocument();
    expect(screen.getByText('₹20 each')).toBeInTheDocument();
    expect(screen.getByText('₹16 each')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join this run' });
    expect(within(dialog).getByText(/^Your share: ₹16 now/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Join run' }));
    expect(within(dialog).getByLabelText('Item name')).toHaveAccessibleDescription(
      'Please enter an item name',
    );
    await user.type(within(dialog).getByLabelText('Item name'), 'Bread');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Join run' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toMatchObject({ itemName: 'Bread', quantity: 2, deliveryLocation: 'Block A, room 101' });
    expect(screen.getByRole('link', { name: 'Your request' })).toHaveAttribute(
      'href',
      `/requests/${mine.id}`,
    );
    expect(screen.getByRole('button', { name: 'Leave run' })).toBeInTheDocument();
    expect(screen.getByText('5 people')).toBeInTheDocument();
  });

  it('shows why joining was refused and fetches the run again', async () => {
    const run = makeRun({ can: runCan('join') });
    server.use(
      http.post(api(`/runs/${run.id}/join`), () =>
        HttpResponse.json(
          { code: 'CONFLICT', reason: 'cutoffPassed', message: RUN_MESSAGES.cutoffPassed },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openRun(run, hosteller);
    await user.click(screen.getByRole('button', { name: 'Join run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join this run' });
    await user.type(within(dialog).getByLabelText('Item name'), 'Bread');
    server.use(
      http.get(api(`/runs/${run.id}`), () =>
        HttpResponse.json({ run: { ...run, status: 'closed', can: runCan() } }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Join run' }));
    await waitFor(() => expect(toastTexts()).toContain(RUN_MESSAGES.cutoffPassed));
    await waitFor(() => expect(screen.getByText('Closed to joining')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves behind a confirmation', async () => {
    const run = makeRun({ myRequestId: 'r1', can: runCan('leave') });
    server.use(
      http.delete(api(`/runs/${run.id}/join`), () =>
        HttpResponse.json({ run: { ...run, participants: 3, myRequestId: null, can: runCan('join') } }),
      ),
    );
    const { user } = await openRun(run, hosteller);
    await user.click(screen.getByRole('button', { name: 'Leave run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Join run' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your request' })).not.toBeInTheDocument();
  });
});

describe('run page, day scholar', { timeout: 20_000 }, () => {
  it('accepts every request of the run behind a confirmation', async () => {
    const requests = [makeRequest({ itemName: 'Bread' }), makeRequest({ itemName: 'Milk' })];
    const run = makeRun({ participants: 2, requests, can: runCan('accept') });
    server.use(
      http.put(api(`/runs/${run.id}/accept`), () =>
        HttpResponse.json({
          run: {
            ...run,
            status: 'accepted',
            deliverer: { id: dayscholar.id, name: dayscholar.name, avatar: null },
            requests: requests.map((r) => withDeliverer(r)),
            can: runCan(),
          },
        }),
      ),
    );
    const { user } = await openRun(run, dayscholar);
    expect(screen.getByRole('link', { name: 'Back to Browse Requests' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join run' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept all 2 requests of this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText('Accepted').length).toBeGreaterThan(1);
    expect(screen.getByText('You')).toBeInTheDocument();
  });

  it('shows the message when another day scholar took it first, and fetches the run again', async () => {
    const run = makeRun({ can: runCan('accept') });
    server.use(
      http.put(api(`/runs/${run.id}/accept`), () =>
        HttpResponse.json(
          { code: 'CONFLICT', reason: 'taken', message: RUN_MESSAGES.taken },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openRun(run, dayscholar);
    server.use(
      http.get(api(`/runs/${run.id}`), () =>
        HttpResponse.json({ run: { ...run, status: 'accepted', can: runCan() } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Accept run' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept run' }));
    await waitFor(() => expect(toastTexts()).toContain(RUN_MESSAGES.taken));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept run' })).not.toBeInTheDocument());
    expect(screen.getByText('Accepted')).toBeInTheDocument();
  });

  it('says a missing run is not found', async () => {
    server.use(
      meHandler(dayscholar),
      http.get(api('/runs/:id'), () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: RUN_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    renderApp('/runs/5b2c0000-0000-4000-8000-000000009999', { user: dayscholar });
    expect(await screen.findByText('Run not found')).toBeInTheDocument();
  });
});
