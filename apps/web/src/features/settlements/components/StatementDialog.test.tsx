import type { Settlement, SettlementDispute } from '@campusrun/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { dayscholar } from '@/test/fixtures';
import { can, makeRequest, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { disputePhoto, makeDispute, makeSettlement, payeeRef, settlementCan } from '@/test/settlements';
import { toastTexts } from '@/test/toasts';

const DISPUTE_ID = 'd15b07e0-0000-4000-8000-00000000bbbb';

/** What the statement form sent: its text fields (each a list) and how many photos. */
interface Sent {
  text: string[];
  keep: string[];
  photos: number;
}

/**
 * The completed request's page for the payee (`dayscholar`), with an open dispute the payer opened;
 * PUT /disputes/{id}/statement answers `respond` (after `gate`, when given) and is recorded.
 */
function openAsPayee(dispute: Partial<SettlementDispute> = {}) {
  const request = withDeliverer(
    makeRequest({ itemName: 'Milk and bread', completedAt: new Date().toISOString(), can: can('chat') }),
    'completed',
  );
  const open = makeDispute({
    id: DISPUTE_ID,
    targetId: request.id,
    can: { statement: true, withdraw: false },
    ...dispute,
  });
  let current: Settlement = makeSettlement({
    thing: { id: request.id, title: 'Milk and bread', number: 12 },
    state: 'disputed',
    dispute: { id: open.id, status: 'open', outcome: null },
    disputes: [open],
    can: settlementCan(),
  });
  const sent: Sent[] = [];
  const control: {
    gate?: Promise<void>;
    refuse?: { status: number; message: string };
  } = {};
  server.use(
    meHandler(dayscholar),
    http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
    http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    http.get(api('/settlements/for'), () => HttpResponse.json({ settlement: current })),
    http.put(api(`/disputes/${DISPUTE_ID}/statement`), async ({ request: req }) => {
      const form = await req.formData();
      sent.push({
        text: form.getAll('text').map(String),
        keep: form.getAll('keep').map(String),
        photos: form.getAll('photos').filter((f) => typeof f !== 'string').length,
      });
      await control.gate;
      if (control.refuse)
        return HttpResponse.json(
          { code: 'PAYLOAD_TOO_LARGE', reason: 'payloadTooLarge', message: control.refuse.message },
          { status: control.refuse.status },
        );
      const text = String(form.get('text'));
      current = {
        ...current,
        disputes: [
          {
            ...open,
            reply: {
              by: payeeRef,
              text,
              photos: form.getAll('photos').map((_, i) => disputePhoto(DISPUTE_ID, `reply-${i}`)),
              at: '2026-11-21T12:00:00.000Z',
            },
          },
        ],
      };
      return HttpResponse.json({ settlement: current });
    }),
  );
  return { ...renderApp(`/requests/${request.id}`, { user: dayscholar }), sent, control };
}

const card = async () =>
  within(await screen.findByRole('region', { name: 'Settle up' }, { timeout: 15_000 }));

const png = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('giving your side of a dispute', { timeout: 20_000 }, () => {
  afterEach(() => onlineManager.setOnline(true));

  it('checks the words and the photos like the server, shows the upload, then the side is on the card', async () => {
    const { user, sent, control } = openAsPayee();
    const settle = await card();
    await user.click(settle.getByRole('button', { name: 'Give your side' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Give your side' }));

    await user.click(dialog.getByRole('button', { name: 'Save your side' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('Your side')).toHaveAccessibleDescription(/^Please write your side/),
    );

    // More than 3 at once: none is added, and it says why.
    const input = dialog.getByLabelText('Add photos');
    await user.upload(input, [png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    expect(dialog.getByText('You can add at most 3 photos')).toHaveRole('alert');
    expect(dialog.queryByRole('img', { name: /^New photo/ })).not.toBeInTheDocument();

    await user.upload(input, [png('upi.png'), png('bill.png')]);
    expect(dialog.getByRole('img', { name: 'New photo: upi.png' })).toBeInTheDocument();
    expect(dialog.getByText('2 of 3')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove new photo bill.png' }));
    expect(dialog.queryByRole('img', { name: 'New photo: bill.png' })).not.toBeInTheDocument();
    expect(dialog.getByText('1 of 3')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Your side'), 'I paid by UPI on Monday, screenshot attached');
    let open!: () => void;
    control.gate = new Promise<void>((resolve) => (open = resolve));
    await user.click(dialog.getByRole('button', { name: 'Save your side' }));
    // The upload shows while it goes.
    expect(
      await dialog.findByRole('progressbar', { name: /^(Uploading|Processing) photos…$/ }),
    ).toBeInTheDocument();
    open();

    await waitFor(() => expect(toastTexts()).toContain('Your side has been saved'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ text: ['I paid by UPI on Monday, screenshot attached'], keep: [''], photos: 1 }]);
    const history = within(settle.getByRole('region', { name: 'Dispute' }));
    expect(history.getByText('Your side')).toBeInTheDocument();
    expect(history.getByText('I paid by UPI on Monday, screenshot attached')).toBeInTheDocument();
    expect(history.getByRole('button', { name: `Open photo 1 from ${dayscholar.name}` })).toBeInTheDocument();
    expect(settle.getByRole('button', { name: 'Change your side' })).toBeInTheDocument();
  });

  it('changes it: keeps the photos left, says a refusal in the dialog and loses nothing typed', async () => {
    const { user, sent, control } = openAsPayee({
      reply: {
        by: payeeRef,
        text: 'First words',
        photos: [disputePhoto(DISPUTE_ID, 'reply-0'), disputePhoto(DISPUTE_ID, 'reply-1')],
        at: '2026-11-21T12:00:00.000Z',
      },
    });
    const settle = await card();
    await user.click(settle.getByRole('button', { name: 'Change your side' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your side' }));
    expect(dialog.getByLabelText('Your side')).toHaveValue('First words');
    expect(dialog.getByRole('img', { name: 'Photo 1' })).toHaveAttribute(
      'src',
      disputePhoto(DISPUTE_ID, 'reply-0').thumbnailUrl,
    );
    await user.click(dialog.getByRole('button', { name: 'Remove photo 1' }));
    await user.upload(dialog.getByLabelText('Add photos'), png('receipt.png'));
    await user.clear(dialog.getByLabelText('Your side'));
    await user.type(dialog.getByLabelText('Your side'), 'Better words');

    control.refuse = { status: 413, message: 'Photos can be at most 5 MB' };
    await user.click(dialog.getByRole('button', { name: 'Save your side' }));
    expect(await dialog.findByText('Photos can be at most 5 MB')).toBeInTheDocument();
    expect(dialog.getByLabelText('Your side')).toHaveValue('Better words');
    expect(dialog.getByRole('img', { name: 'New photo: receipt.png' })).toBeInTheDocument();

    control.refuse = undefined;
    await user.click(dialog.getByRole('button', { name: 'Save your side' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ text: ['Better words'], keep: ['1'], photos: 1 });
  });

  it('offline, keeps what is written but cannot save it until the network returns', async () => {
    const { user, sent } = openAsPayee();
    const settle = await card();
    await user.click(settle.getByRole('button', { name: 'Give your side' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Give your side' }));
    await user.type(dialog.getByLabelText('Your side'), 'I paid');
    act(() => onlineManager.setOnline(false));
    const save = dialog.getByRole('button', { name: 'Save your side' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('You’re offline. Try again when you’re back online.');
    act(() => onlineManager.setOnline(true));
    await user.click(dialog.getByRole('button', { name: 'Save your side' }));
    await waitFor(() => expect(sent).toEqual([{ text: ['I paid'], keep: [''], photos: 0 }]));
  });
});
