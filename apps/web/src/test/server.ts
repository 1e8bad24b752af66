import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { campusConfig } from './fixtures';
import { makeEarnings } from './settlements';

/** URL pattern for an API path, whatever the test origin. */
export const api = (path: string) => `*/api${path}`;

const defaultHandlers = [
  http.get(api('/config'), () => HttpResponse.json(campusConfig)),
  // Signing out ends the session on the server too.
  http.post(api('/auth/logout'), () => HttpResponse.json({ message: 'Logged out successfully' })),
  // The profile lists the signed-in devices: this one only, unless a test says otherwise.
  http.get(api('/auth/sessions'), () =>
    HttpResponse.json({
      sessions: [
        {
          id: '5e55a1c0-0000-4000-8000-000000000001',
          device: 'Chrome on Linux',
          createdAt: '2026-09-01T10:00:00.000Z',
          lastSeenAt: '2026-09-01T10:00:00.000Z',
          current: true,
        },
      ],
    }),
  ),
  // The header bell of every signed-in screen asks for these.
  http.get(api('/notifications'), () =>
    HttpResponse.json({ notifications: [], unreadCount: 0, nextCursor: null }),
  ),
  // The role dashboards (where sign-in lands) ask for these.
  http.get(api('/hosteller/stats'), () =>
    HttpResponse.json({
      stats: {
        pendingRequests: 0,
        acceptedRequests: 0,
        completedRequests: 0,
        cancelledRequests: 0,
        activeProducts: 0,
        soldProducts: 0,
      },
    }),
  ),
  http.get(api('/hosteller/requests/recent'), () => HttpResponse.json({ requests: [] })),
  // The hosteller's own requests (My Requests; the new-request form's recent locations).
  http.get(api('/requests/my-requests'), () => HttpResponse.json({ requests: [], nextCursor: null })),
  http.get(api('/hosteller/products/recent'), () => HttpResponse.json({ products: [] })),
  http.get(api('/email/preferences'), () =>
    HttpResponse.json({ preferences: { messages: true, requests: true } }),
  ),
  http.get(api('/push/config'), () =>
    HttpResponse.json({
      publicKey: 'BPublicKeyForTests',
      preferences: { messages: true, requests: true, urgent: true, marketplace: true, lostFound: true },
    }),
  ),
  // A product's offers, buyers and sale reviews: none unless a test says otherwise.
  http.get(api('/products/:id/offers'), () => HttpResponse.json({ offers: [] })),
  http.get(api('/products/:id/buyers'), () => HttpResponse.json({ buyers: [] })),
  http.get(api('/products/:id/reviews'), () =>
    HttpResponse.json({ buyer: null, reviews: [], canReview: null }),
  ),
  // Money's weekly earnings and spending: none unless a test says otherwise.
  http.get(api('/settlements/earnings'), () => HttpResponse.json(makeEarnings())),
  // The sell and edit forms' price guidance: too few sales unless a test says otherwise.
  http.get(api('/products/price-guide'), () => HttpResponse.json({ guide: null })),
  http.get(api('/dayscholar/stats'), () =>
    HttpResponse.json({
      stats: {
        pendingDeliveries: 0,
        completedDeliveries: 0,
        cancelledDeliveries: 0,
        availableRequests: 0,
        totalEarnings: 0,
        totalTips: 0,
      },
    }),
  ),
  http.get(api('/dayscholar/deliveries/active'), () =>
    HttpResponse.json({ deliveries: [], nextCursor: null }),
  ),
  http.get(api('/dayscholar/requests/available'), () =>
    HttpResponse.json({ requests: [], nextCursor: null }),
  ),
  // Trips and shared runs (Browse shows the open runs above the requests): none unless a test says so.
  http.get(api('/trips'), () => HttpResponse.json({ trips: [] })),
  http.get(api('/trips/mine'), () => HttpResponse.json({ trips: [] })),
  http.get(api('/runs'), () => HttpResponse.json({ runs: [] })),
  // A completed request's or a sold product's settle card: the viewer is no party unless a test says so.
  http.get(api('/settlements/for'), () => HttpResponse.json({ settlement: null })),
  // Home's money card: nothing owed either way unless a test says so.
  http.get(api('/settlements'), () => HttpResponse.json({ settlements: [], nextCursor: null })),
  // The phone tab bar's unread count, on every signed-in screen.
  http.get(api('/chat/conversations'), () => HttpResponse.json({ conversations: [] })),
  // The marketplace's Wanted tab and a profile's Wanted section: nobody wants anything unless a test says so.
  http.get(api('/wanted'), () => HttpResponse.json({ posts: [], nextCursor: null })),
  // The product page's seller card: followed by nobody, and open to a follow, unless a test says so.
  http.get(api('/users/:id/follow'), () =>
    HttpResponse.json({ follow: { following: false, followerCount: 0, canFollow: true } }),
  ),
];

export const server = setupServer(...defaultHandlers);

/** GET /auth/me answering with this user (the session refresh on start). */
export const meHandler = (user: unknown) => http.get(api('/auth/me'), () => HttpResponse.json({ user }));
