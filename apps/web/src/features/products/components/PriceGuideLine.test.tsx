import type { PriceGuide, Product } from '@campusrun/shared';
import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { SELLER_CAN, deferred, hostellerAsSeller, makeProduct } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

// Lazy route chunks take a while on a busy machine.
configure({ asyncUtilTimeout: 4000 });
const FIRST_RENDER = { timeout: 10_000 };

const SEVEN_SALES: PriceGuide = { low: 1800, high: 2600, median: 2200, count: 7 };
const LINE = 'Similar items sold on campus: ₹1,800–₹2,600 (median ₹2,200, 7 sales in the last year)';

/** Answers the price guide with `answer` (a guide, null, or a refusal) and keeps what was asked. */
function priceGuideServer(answer: PriceGuide | null | 'refused') {
  const asked: Array<Record<string, string>> = [];
  server.use(
    http.get(api('/products/price-guide'), ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams));
      return answer === 'refused'
        ? HttpResponse.json(
            { message: 'Too many attempts. Please try again in 30 seconds.', code: 'RATE_LIMITED' },
            { status: 429 },
          )
        : HttpResponse.json({ guide: answer });
    }),
  );
  return asked;
}

async function openSellPage() {
  server.use(meHandler(hosteller));
  const result = renderApp('/hosteller/sell-product', { user: hosteller });
  await screen.findByRole('heading', { level: 1, name: 'Sell Product' }, FIRST_RENDER);
  return result;
}

type Events = Awaited<ReturnType<typeof openSellPage>>['user'];

/** Types the name key by key, as a seller does, and picks the category. */
async function describeItem(user: Events, name: string, category = 'cycles') {
  await user.type(screen.getByLabelText('Product name'), name);
  await user.selectOptions(screen.getByLabelText('Category'), category);
}

const guideLine = () => screen.queryByText(/Similar items sold on campus/);

describe('price guidance', { timeout: 20_000 }, () => {
  it('says what similar items sold for under the price, once the name and category are set', async () => {
    const asked = priceGuideServer(SEVEN_SALES);
    const { user } = await openSellPage();
    await user.type(screen.getByLabelText('Product name'), 'Lady Bird cycle');
    // No category yet: nothing is asked, nothing shown.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(asked).toEqual([]);
    expect(guideLine()).toBeNull();

    await user.selectOptions(screen.getByLabelText('Category'), 'cycles');
    const line = await screen.findByText(LINE);
    // One question for the whole name typed, not one per key.
    expect(asked).toEqual([{ category: 'cycles', name: 'Lady Bird cycle' }]);
    // Read out politely, right under the price field.
    expect(line.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByLabelText('Price (₹)').compareDocumentPosition(line)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(line.compareDocumentPosition(screen.getByLabelText('Category'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('asks again once typing pauses, and shows nothing while the new answer loads', async () => {
    const asked: string[] = [];
    const later = deferred();
    server.use(
      http.get(api('/products/price-guide'), async ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('name') ?? '');
        if (asked.length > 1) await later.promise;
        return HttpResponse.json({ guide: SEVEN_SALES });
      }),
    );
    const { user } = await openSellPage();
    await describeItem(user, 'Hero cycle');
    await screen.findByText(LINE);
    await user.type(screen.getByLabelText('Product name'), ' with basket');
    await waitFor(() => expect(asked).toEqual(['Hero cycle', 'Hero cycle with basket']));
    expect(guideLine()).toBeNull();
    later.resolve();
    expect(await screen.findByText(LINE)).toBeInTheDocument();
  });

  it('shows nothing below three sales', async () => {
    const asked = priceGuideServer(null);
    const { user } = await openSellPage();
    await describeItem(user, 'Lady Bird cycle');
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(guideLine()).toBeNull();
  });

  it('shows nothing when the server refuses, and does not ask again at once', async () => {
    const asked = priceGuideServer('refused');
    const { user } = await openSellPage();
    await describeItem(user, 'Lady Bird cycle');
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(guideLine()).toBeNull();
    expect(asked).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing for a name without a word of two letters', async () => {
    const asked = priceGuideServer(SEVEN_SALES);
    const { user } = await openSellPage();
    await describeItem(user, 'a b');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(asked).toEqual([]);
    expect(guideLine()).toBeNull();
  });

  it('on the edit form, leaves the product itself out and says one price once', async () => {
    const asked = priceGuideServer({ low: 500, high: 500, median: 500, count: 3 });
    const product: Product = makeProduct({
      name: 'Study table',
      category: 'furniture',
      seller: hostellerAsSeller,
      sellerId: hosteller.id,
      can: SELLER_CAN,
    });
    server.use(
      meHandler(hosteller),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
    );
    renderApp(`/hosteller/edit-product/${product.id}`, { user: hosteller });
    expect(
      await screen.findByText(
        'Similar items sold on campus: ₹500 (median ₹500, 3 sales in the last year)',
        {},
        FIRST_RENDER,
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual([{ category: 'furniture', name: 'Study table', excludeId: product.id }]);
  });
});
