import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { makeProduct } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

describe('report dialog (on a product page)', { timeout: 20_000 }, () => {
  it('needs a reason, sends the report, and keeps what was typed when the server refuses', async () => {
    const product = makeProduct({ name: 'Desk lamp' });
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      meHandler(hosteller),
      http.get(api('/products'), () => HttpResponse.json({ products: [], nextCursor: null })),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.post(api('/reports'), async ({ request }) => {
        sent.push(await request.json());
        if (refuse)
          return HttpResponse.json(
            { code: 'TOO_MANY_REQUESTS', message: 'Too many reports. Please try again in 30 seconds.' },
            { status: 429 },
          );
        return HttpResponse.json({ report: { id: 'r1' } }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/products/${product.id}`, { user: hosteller });
    await user.click(await screen.findByRole('button', { name: 'Report' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this product' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    // The form checks itself after the press (asynchronously).
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please choose a reason');
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Wants payment first');
    expect(within(dialog).getByText('19/1000 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('Too many reports. Please try again in 30 seconds.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Details (optional)')).toHaveValue('Wants payment first');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText(
        'Thanks for your report. A moderator will look at it.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
      details: 'Wants payment first',
    });
  });
});
