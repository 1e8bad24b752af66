import type { CreateRequestBody } from '@campusrun/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endPushAsk, askForPushAfter } from '@/lib/push-ask';
import { dayscholar, hosteller } from '@/test/fixtures';
import { makeProduct } from '@/test/products';
import { can, makeRequest, requesterRef, withDeliverer } from '@/test/requests';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastTexts } from '@/test/toasts';

const DAY = 24 * 60 * 60 * 1000;
const TURN_ON = { name: 'Turn on notifications' };

/**
 * A browser that can push (jsdom cannot): a service worker whose push manager subscribes, and the
 * Notification permission, asked once.
 */
function pushCapableBrowser({
  permission = 'default' as NotificationPermission,
  subscribed = false,
  answer = 'granted' as NotificationPermission,
} = {}) {
  const subscription = {
    endpoint: 'https://push.example/device-1',
    toJSON: () => ({ keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }),
  };
  let current = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = subscription)),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  const notification = {
    permission,
    requestPermission: vi.fn(async () => (notification.permission = answer)),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  return { pushManager, requestPermission: notification.requestPermission };
}

/** The browser's install offer as Chromium sends it. */
function offerInstall() {
  const prompt = vi.fn(async () => undefined);
  act(() => void window.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt })));
  return prompt;
}

/** Counts GET /push/config: nothing is asked of the server when the device rules the question out. */
function watchPushConfig(publicKey: string | null = 'BPublicKeyForTests') {
  const asked = { count: 0 };
  server.use(
    http.get(api('/push/config'), () => {
      asked.count += 1;
      return HttpResponse.json({
        publicKey,
        preferences: { messages: true, requests: true, urgent: true, marketplace: true },
      });
    }),
  );
  return asked;
}

async function openDashboard() {
  server.use(meHandler(hosteller));
  const result = renderApp('/hosteller/dashboard', { user: hosteller });
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return result;
}

const askCard = (name: string | RegExp = /^Know when/) => screen.findByRole('region', { name });
const noAskCard = () => expect(screen.queryByRole('region', { name: /^Know when/ })).not.toBeInTheDocument();

/** Lets the prompt's code load and its checks run: long enough for it to have appeared. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

/** A datetime-local value `hours` from now. */
function localInput(hours: number) {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

afterEach(() => {
  act(() => endPushAsk());
  // Forget any install offer a test left behind.
  window.dispatchEvent(new Event('appinstalled'));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('asking for notifications after an action', { timeout: 30_000 }, () => {
  it('after a request is posted, says what will come and turns notifications on', async () => {
    const { pushManager, requestPermission } = pushCapableBrowser();
    const subscriptions: unknown[] = [];
    server.use(
      meHandler(hosteller),
      http.post(api('/requests'), async ({ request }) => {
        const body = (await request.json()) as CreateRequestBody;
        return HttpResponse.json(
          { request: makeRequest({ id: 'posted-1', itemName: body.itemName }) },
          { status: 201 },
        );
      }),
      http.get(api('/requests/posted-1'), () =>
        HttpResponse.json({ request: makeRequest({ id: 'posted-1', itemName: 'Milk' }) }),
      ),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
      http.post(api('/push/subscriptions'), async ({ request }) => {
        subscriptions.push(await request.json());
        return HttpResponse.json({ message: 'Subscribed' }, { status: 201 });
      }),
    );
    const { user, location } = renderApp('/hosteller/my-requests/new', { user: hosteller });
    await screen.findByRole('heading', { level: 1, name: 'New Request' }, { timeout: 15_000 });
    noAskCard();
    await user.type(screen.getByLabelText('Item name'), 'Milk');
    await user.type(screen.getByLabelText('Delivery fee — what you pay the deliverer'), '30');
    await user.type(screen.getByLabelText('Deadline'), localInput(5));
    await user.click(screen.getByRole('button', { name: 'Create Request' }));

    const card = within(await askCard('Know when someone accepts'));
    expect(location().pathname).toBe('/requests/posted-1');
    expect(
      card.getByText(
        'Get a notification when a day scholar accepts your request and when it’s on its way, even when CampusRun is closed.',
      ),
    ).toBeInTheDocument();
    // Screen readers hear it too, without the page's focus being taken.
    expect(screen.getByText(/^Know when someone accepts\. Get a notification/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(document.activeElement).not.toBe(card.getByRole('button', TURN_ON));

    await user.click(card.getByRole('button', TURN_ON));
    await waitFor(() => expect(toastTexts()).toContain('Notifications are on for this device'));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(subscriptions).toEqual([
      { endpoint: 'https://push.example/device-1', keys: { p256dh: 'p256dh-key', auth: 'auth-key' } },
    ]);
    noAskCard();
  });

  it('after a day scholar accepts a request, speaks of the requester’s reply', async () => {
    pushCapableBrowser();
    const request = makeRequest({ counterpart: requesterRef, can: can('accept', 'chat') });
    const accepted = {
      ...withDeliverer(request),
      ratingType: 'dayscholar_to_hosteller' as const,
      can: can('complete', 'cancelDelivery', 'chat'),
    };
    server.use(
      meHandler(dayscholar),
      http.get(api(`/requests/${request.id}`), () => HttpResponse.json({ request })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 4, count: 1 } })),
      http.put(api(`/requests/${request.id}/accept`), () => HttpResponse.json({ request: accepted })),
    );
    const { user } = renderApp(`/requests/${request.id}`, { user: dayscholar });
    await user.click(await screen.findByRole('button', { name: 'Accept Request' }, { timeout: 15_000 }));
    noAskCard();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    const card = within(await askCard('Know when the requester replies'));
    expect(
      card.getByText(
        'Get a notification when the requester replies or confirms they have the items, even when CampusRun is closed.',
      ),
    ).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Not now' })).toBeInTheDocument();
  });

  it('after an offer, speaks of the seller’s answer', async () => {
    pushCapableBrowser();
    const product = makeProduct({ name: 'Desk lamp', isNegotiable: true, price: 600 });
    server.use(
      meHandler(hosteller),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 4, count: 1 } })),
      http.get(api('/products'), () => HttpResponse.json({ products: [], nextCursor: null })),
      http.post(api(`/products/${product.id}/offers`), () =>
        HttpResponse.json(
          {
            message: 'Offer sent',
            offer: {
              id: '0ffe0000-0000-4000-8000-000000000001',
              productId: product.id,
              buyer: { id: hosteller.id, name: hosteller.name, avatar: null },
              amount: 500,
              status: 'pending',
              createdAt: new Date().toISOString(),
              decidedAt: null,
            },
          },
          { status: 201 },
        ),
      ),
    );
    const { user } = renderApp(`/products/${product.id}`, { user: hosteller });
    // The offers panel's own button (a phone also has one in the buyer bar).
    const offers = await screen.findByRole('region', { name: 'Your offers' }, { timeout: 15_000 });
    await user.click(within(offers).getByRole('button', { name: 'Make an offer' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Your offer (₹)'), '500');
    noAskCard();
    await user.click(dialog.getByRole('button', { name: 'Send offer' }));

    const card = within(await askCard('Know when the seller answers'));
    expect(
      card.getByText('Get a notification when the seller answers your offer, even when CampusRun is closed.'),
    ).toBeInTheDocument();
  });

  it('after "Not now", asks again once 14 days later, and never after a second "Not now"', async () => {
    pushCapableBrowser();
    const { user } = await openDashboard();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);

    act(() => askForPushAfter('post'));
    await user.click(within(await askCard()).getByRole('button', { name: 'Not now' }));
    noAskCard();

    clock.mockReturnValue(now + 13 * DAY);
    act(() => askForPushAfter('post'));
    await settle();
    noAskCard();

    clock.mockReturnValue(now + 14 * DAY);
    act(() => askForPushAfter('offer'));
    const again = within(await askCard('Know when the seller answers'));
    // Escape is "Not now" too.
    again.getByRole('button', { name: 'Not now' }).focus();
    await user.keyboard('{Escape}');
    noAskCard();

    clock.mockReturnValue(now + 100 * DAY);
    act(() => askForPushAfter('post'));
    await settle();
    noAskCard();
  });

  it('remembers "Not now" for each member on the device', async () => {
    pushCapableBrowser();
    const { user } = await openDashboard();
    act(() => askForPushAfter('post'));
    await user.click(within(await askCard()).getByRole('button', { name: 'Not now' }));
    expect(JSON.parse(localStorage.getItem(`campusrun.pushAsk.${hosteller.id}`) ?? 'null')).toMatchObject({
      declines: 1,
    });
    expect(localStorage.getItem(`campusrun.pushAsk.${dayscholar.id}`)).toBeNull();
  });

  it('does not ask when the browser cannot show notifications', async () => {
    const config = watchPushConfig();
    await openDashboard();
    act(() => askForPushAfter('post'));
    await settle();
    noAskCard();
    expect(config.count).toBe(0);
  });

  it('does not ask when notifications are blocked for the site', async () => {
    const { requestPermission } = pushCapableBrowser({ permission: 'denied' });
    const config = watchPushConfig();
    await openDashboard();
    act(() => askForPushAfter('post'));
    await settle();
    noAskCard();
    expect(config.count).toBe(0);
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('does not ask when this device already gets notifications', async () => {
    const { pushManager } = pushCapableBrowser({ permission: 'granted', subscribed: true });
    await openDashboard();
    act(() => askForPushAfter('accept'));
    await waitFor(() => expect(pushManager.getSubscription).toHaveBeenCalled());
    await settle();
    noAskCard();
  });

  it('does not ask when the server has no push key', async () => {
    pushCapableBrowser();
    const config = watchPushConfig(null);
    await openDashboard();
    act(() => askForPushAfter('offer'));
    await waitFor(() => expect(config.count).toBe(1));
    await settle();
    noAskCard();
  });

  it('says so when the browser blocks the permission, and puts the card away', async () => {
    const { pushManager } = pushCapableBrowser({ answer: 'denied' });
    const { user } = await openDashboard();
    act(() => askForPushAfter('post'));
    await user.click(within(await askCard()).getByRole('button', TURN_ON));
    await waitFor(() =>
      expect(toastTexts()).toContain('Notifications are blocked in this browser’s settings'),
    );
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    noAskCard();
  });
});

describe('suggesting to install the app with the same card', { timeout: 30_000 }, () => {
  it('offers the browser’s own install prompt where it has one', async () => {
    pushCapableBrowser();
    const { user } = await openDashboard();
    const prompt = offerInstall();
    act(() => askForPushAfter('post'));
    const card = within(await askCard());
    await user.click(card.getByRole('button', { name: 'Install CampusRun' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // The offer can be used once; the question about notifications stays.
    expect(card.queryByRole('button', { name: 'Install CampusRun' })).not.toBeInTheDocument();
    expect(card.getByRole('button', TURN_ON)).toBeInTheDocument();
  });

  it('offers nothing to install when the app already runs on its own', async () => {
    pushCapableBrowser();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query === '(display-mode: standalone)' })),
    );
    await openDashboard();
    offerInstall();
    act(() => askForPushAfter('post'));
    const card = within(await askCard());
    expect(card.queryByRole('button', { name: 'Install CampusRun' })).not.toBeInTheDocument();
    expect(card.queryByText(/Add to Home Screen/)).not.toBeInTheDocument();
  });

  it('on iPhone Safari, where notifications need the Home Screen app, says how to add it', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    const { user } = await openDashboard();
    act(() => askForPushAfter('post'));
    const card = within(await askCard());
    expect(
      card.getByText(
        'On iPhone and iPad, add CampusRun to your Home Screen first: tap Share, then Add to Home Screen.',
      ),
    ).toBeInTheDocument();
    expect(card.queryByRole('button', TURN_ON)).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Got it' }));
    noAskCard();
  });
});
