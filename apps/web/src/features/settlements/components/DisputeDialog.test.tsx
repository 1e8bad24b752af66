import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { can, makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { makeSettlement, settlementCan } from '@/test/settlements';
import { toastTexts } from '@/test/toasts';

describe('dispute dialog (on a completed request)', { timeout: 20_000 }, () => {
  afterEach(() => onlineManager.setOnline(true));

  it('checks reason and details like the server, shows its refusal, then opens the dispute', async () => {
    const request = withDeliverer(
      makeRequest({ itemName: 'Milk and bread', completedAt: new Date().toISOString(), can: can('chat') }),
      'completed',
    );
    const open = makeSettlement({
      thing: { id: request.id, title: 'Milk and bread', number: 12 },
      can: settlementCan('pay', 'dispute'),
    });
    let current = open;
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      meHandler(hosteller),
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.get(api('/settlements/for'), () => HttpResponse.json({ settlement: current })),
      http.post(api(`/settlements/${open.id}/dispute`), async ({ request: req }) => {
        sent.push(await req.json());
        if (refuse)
          return HttpResponse.json(
            {
              code: 'CONFLICT',
              reason: 'windowClosed',
              message: 'Disputes can be opened only within 48 hours',
            },
            { status: 409 },
          );
        current = { ...open, state: 'disputed', can: settlementCan() };
        return HttpResponse.json({ dispute: { id: 'd1' } }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/requests/${request.id}`, { user: hosteller });
    const settle = within(await screen.findByRole('region', { name: 'Settle up' }, { timeout: 15_000 }));
    await user.click(settle.getByRole('button', { name: 'Report a problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a problem' }));

    await user.click(dialog.getByRole('button', { name: 'Open dispute' }));
    // The form checks itself after the press (asynchronously).
    await waitFor(() =>
      expect(dialog.getByLabelText('Reason')).toHaveAccessibleDescription('Please choose a reason'),
    );
    expect(dialog.getByLabelText('What went wrong')).toHaveAccessibleDescription(
      /^Please describe what went wrong/,
    );
    // Spaces alone are no details.
    await user.selectOptions(dialog.getByLabelText('Reason'), 'Not as described');
    await user.type(dialog.getByLabelText('What went wrong'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Open dispute' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('Reason')).not.toHaveAccessibleDescription('Please choose a reason'),
    );
    expect(dialog.getByLabelText('What went wrong')).toHaveAccessibleDescription(
      /^Please describe what went wrong/,
    );
    expect(dialog.getByLabelText('Reason')).not.toHaveAccessibleDescription('Please choose a reason');
    expect(sent).toEqual([]);

    await user.clear(dialog.getByLabelText('What went wrong'));
    await user.type(dialog.getByLabelText('What went wrong'), 'The milk was sour');
    await user.click(dialog.getByRole('button', { name: 'Open dispute' }));
    expect(await dialog.findByText('Disputes can be opened only within 48 hours')).toBeInTheDocument();
    expect(dialog.getByLabelText('What went wrong')).toHaveValue('The milk was sour');

    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Open dispute' }));
    await waitFor(() => expect(toastTexts()).toContain('Dispute opened. A moderator will look into it.'));
    expect(sent.at(-1)).toEqual({
      reason: 'not_as_described',
      details: 'The milk was sour',
    });
    await waitFor(() =>
      expect(settle.getByRole('status')).toHaveTextContent('Disputed. A moderator will decide.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offline, keeps what is typed but cannot open the dispute until the network returns', async () => {
    const request = withDeliverer(
      makeRequest({ itemName: 'Milk and bread', completedAt: new Date().toISOString(), can: can('chat') }),
      'completed',
    );
    const open = makeSettlement({ thing: { id: request.id, title: 'Milk and bread', number: 12 } });
    const sent: unknown[] = [];
    server.use(
      meHandler(hosteller),
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.get(api('/settlements/for'), () => HttpResponse.json({ settlement: open })),
      http.post(api(`/settlements/${open.id}/dispute`), async ({ request: req }) => {
        sent.push(await req.json());
        return HttpResponse.json({ dispute: { id: 'd1' } }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/requests/${request.id}`, { user: hosteller });
    const settle = within(await screen.findByRole('region', { name: 'Settle up' }, { timeout: 15_000 }));
    await user.click(settle.getByRole('button', { name: 'Report a problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a problem' }));
    await user.selectOptions(dialog.getByLabelText('Reason'), 'Damaged');
    await user.type(dialog.getByLabelText('What went wrong'), 'The milk was sour');
    act(() => onlineManager.setOnline(false));

    const submit = dialog.getByRole('button', { name: 'Open dispute' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('You’re offline. Try again when you’re back online.');
    expect(dialog.getByText('You’re offline. Try again when you’re back online.')).toBeInTheDocument();
    await user.click(submit);
    expect(sent).toEqual([]);

    act(() => onlineManager.setOnline(true));
    expect(dialog.getByLabelText('What went wrong')).toHaveValue('The milk was sour');
    await user.click(dialog.getByRole('button', { name: 'Open dispute' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'damaged', details: 'The milk was sour' }]));
  });
});
