import { TRIP_MESSAGES } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeTrip, tripCan } from '@/test/logistics';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts } from '@/test/toasts';
import { toLocalInput } from '@/lib/local-time';

const localInput = (hours: number) => toLocalInput(new Date(Date.now() + hours * 3_600_000));

async function openForm() {
  server.use(meHandler(dayscholar));
  const result = renderApp('/trips/new', { user: dayscholar });
  await screen.findByRole('heading', { level: 1, name: 'Post a trip' }, { timeout: 15_000 });
  return result;
}

describe('post a trip', { timeout: 20_000 }, () => {
  it('shows the shared rules under each field, the first one focused', async () => {
    const { user } = await openForm();
    const submit = () => user.click(screen.getByRole('button', { name: 'Post a trip' }));
    expect(screen.getByLabelText('Requests I can take')).toHaveValue(3);

    await submit();
    expect(screen.getByLabelText('Coming from')).toHaveAccessibleDescription(TRIP_MESSAGES.fromRequired);
    expect(screen.getByLabelText('Coming from')).toHaveFocus();
    expect(screen.getByLabelText('Arriving at')).toHaveAccessibleDescription(TRIP_MESSAGES.arriveAtRequired);
    expect(screen.getByLabelText('Add requests by')).toHaveAccessibleDescription(
      TRIP_MESSAGES.cutoffRequired,
    );

    await user.type(screen.getByLabelText('Coming from'), 'Katpadi');
    await user.type(screen.getByLabelText('Arriving at'), localInput(2));
    await user.clear(screen.getByLabelText('Add requests by'));
    await user.type(screen.getByLabelText('Add requests by'), localInput(3));
    await user.clear(screen.getByLabelText('Requests I can take'));
    await user.type(screen.getByLabelText('Requests I can take'), '11');
    await submit();
    expect(screen.getByLabelText('Add requests by')).toHaveAccessibleDescription(
      TRIP_MESSAGES.cutoffBeforeArrival,
    );
    expect(screen.getByLabelText('Requests I can take')).toHaveAccessibleDescription(
      TRIP_MESSAGES.capacityRange,
    );
  });

  it('sends the times as ISO and opens the new trip', async () => {
    const trip = makeTrip({ can: tripCan('cancel', 'stops') });
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(api('/trips'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ trip }, { status: 201 });
      }),
      http.get(api(`/trips/${trip.id}`), () => HttpResponse.json({ trip })),
      http.get(api(`/trips/${trip.id}/stops`), () => HttpResponse.json({ stops: [] })),
    );
    const { user, location } = await openForm();
    const arrive = localInput(3);
    await user.type(screen.getByLabelText('Coming from'), 'Katpadi');
    await user.type(screen.getByLabelText('Arriving at'), arrive);
    await user.type(screen.getByLabelText('Note (optional)'), 'Market and pharmacy');
    await user.click(screen.getByRole('button', { name: 'Post a trip' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Trip from Katpadi' })).toBeInTheDocument();
    expect(location().pathname).toBe(`/trips/${trip.id}`);
    expect(body).toMatchObject({ from: 'Katpadi', capacity: 3, note: 'Market and pharmacy' });
    expect(body?.arriveAt).toBe(new Date(arrive).toISOString());
    // "Add requests by" came filled in: half an hour before the arrival.
    expect(body?.cutoffAt).toBe(new Date(new Date(arrive).getTime() - 30 * 60_000).toISOString());
  });

  it("shows the server's message when they already have an open trip", async () => {
    server.use(
      http.post(api('/trips'), () =>
        HttpResponse.json(
          { code: 'CONFLICT', reason: 'oneOpenTrip', message: TRIP_MESSAGES.oneOpenTrip },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Coming from'), 'Katpadi');
    await user.type(screen.getByLabelText('Arriving at'), localInput(3));
    await user.click(screen.getByRole('button', { name: 'Post a trip' }));
    await waitFor(() => expect(toastTexts()).toContain(TRIP_MESSAGES.oneOpenTrip));
  });

  it('puts a 400 field error from the server under its field', async () => {
    server.use(
      http.post(api('/trips'), () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            reason: 'invalidInput',
            message: 'Invalid input',
            errors: [{ param: 'from', msg: 'Where you come from must be a place' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Coming from'), 'Katpadi');
    await user.type(screen.getByLabelText('Arriving at'), localInput(3));
    await user.click(screen.getByRole('button', { name: 'Post a trip' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Coming from')).toHaveAccessibleDescription(
        'Where you come from must be a place',
      ),
    );
  });

  it('fills the arrival from a shortcut and "Add requests by" half an hour before it, both still editable', async () => {
    const { user } = await openForm();
    const arrivals = within(screen.getByRole('list', { name: 'Arrival shortcuts' }));
    expect(arrivals.getByRole('button', { name: /^(Tomorrow )?5 pm$/ })).toBeInTheDocument();
    expect(arrivals.getByRole('button', { name: /^(Tomorrow )?7 pm$/ })).toBeInTheDocument();

    const before = Date.now();
    await user.click(arrivals.getByRole('button', { name: 'In 1 hour' }));
    const arriveAt = new Date((screen.getByLabelText('Arriving at') as HTMLInputElement).value).getTime();
    expect(Math.abs(arriveAt - (before + 3_600_000))).toBeLessThan(120_000);
    expect(arrivals.getByRole('button', { name: 'In 1 hour' })).toHaveAttribute('aria-pressed', 'true');
    const cutoff = screen.getByLabelText('Add requests by') as HTMLInputElement;
    expect(new Date(cutoff.value).getTime()).toBe(arriveAt - 30 * 60_000);
    expect(cutoff).toHaveAccessibleDescription(/filled in from your arrival; you can change it$/);

    // A sooner arrival: requests close halfway there.
    await user.click(arrivals.getByRole('button', { name: 'In 30 min' }));
    const sooner = new Date((screen.getByLabelText('Arriving at') as HTMLInputElement).value).getTime();
    const closes = new Date(cutoff.value).getTime();
    expect(closes).toBeLessThan(sooner);
    expect(closes).toBeGreaterThan(Date.now());

    // Set by hand, it no longer follows the arrival.
    const mine = localInput(0.25);
    await user.clear(cutoff);
    await user.type(cutoff, mine);
    await user.click(arrivals.getByRole('button', { name: 'In 1 hour' }));
    expect(cutoff).toHaveValue(mine);
    expect(cutoff).not.toHaveAccessibleDescription(/filled in/);
  });

  it('is for day scholars only', async () => {
    server.use(meHandler(hosteller));
    const { location } = renderApp('/trips/new', { user: hosteller });
    await waitFor(() => expect(location().pathname).not.toBe('/trips/new'));
  });
});
