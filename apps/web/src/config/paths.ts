import type { Role } from '@campusrun/shared';

/** Every route path of the app, in one place. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  googleCallback: '/auth/google-callback',
  completeProfile: '/complete-profile',
  profile: '/profile',
  moderation: '/moderation',
  chat: '/chat',
  chatWith: (userId: string) => `/chat/${encodeURIComponent(userId)}`,
  request: (id: string) => `/requests/${encodeURIComponent(id)}`,
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
  saved: '/saved',
  /** The sellers the member follows, and (a tab) who follows them. */
  following: '/following',
  /** The member's saved searches: new matches, rename, pause, delete. */
  searches: '/searches',
  /** Opens a saved search (its new matches seen) and goes on to its list, filtered. */
  savedSearch: (id: string) => `/searches/${encodeURIComponent(id)}`,
  /** Wanted posts: "Wanted: …, up to ₹…"; the list is the marketplace's Wanted tab. */
  wantedList: '/marketplace?tab=wanted',
  newWanted: '/wanted/new',
  wanted: (id: string) => `/wanted/${encodeURIComponent(id)}`,
  /** Lost and found: members post what they lost or found; the owner of a found thing claims it. */
  lostFoundList: '/lost-found',
  newLostFound: '/lost-found/new',
  lostFound: (id: string) => `/lost-found/${encodeURIComponent(id)}`,
  /** Trips: a day scholar says "I'm coming from …"; hostellers add requests to it. */
  trips: '/trips',
  newTrip: '/trips/new',
  trip: (id: string) => `/trips/${encodeURIComponent(id)}`,
  /** Shared runs: several hostellers, one delivery, the fee split. */
  runs: '/runs',
  newRun: '/runs/new',
  run: (id: string) => `/runs/${encodeURIComponent(id)}`,
  /** Who owes whom for completed deliveries and sales. */
  money: '/money',
  /** Both roles browse and buy; only hostellers sell. */
  marketplace: '/marketplace',
  hosteller: {
    dashboard: '/hosteller/dashboard',
    myRequests: '/hosteller/my-requests',
    newRequest: '/hosteller/my-requests/new',
    sellProduct: '/hosteller/sell-product',
    editProduct: (id: string) => `/hosteller/edit-product/${encodeURIComponent(id)}`,
    /** The marketplace's older address: it redirects to `marketplace`, filters and all. */
    marketplace: '/hosteller/marketplace',
  },
  dayscholar: {
    dashboard: '/dayscholar/dashboard',
    browseRequests: '/dayscholar/browse-requests',
    myDeliveries: '/dayscholar/my-deliveries',
  },
  /** Not a client route: the browser is sent to the API, which redirects to Google. */
  googleSignIn: '/api/auth/google',
} as const;

/** Route patterns (with `:params`) for the router. */
export const routePatterns = {
  chatWith: '/chat/:userId',
  request: '/requests/:id',
  product: '/products/:id',
  user: '/users/:id',
  savedSearch: '/searches/:id',
  wanted: '/wanted/:id',
  lostFound: '/lost-found/:id',
  trip: '/trips/:id',
  run: '/runs/:id',
  editProduct: '/hosteller/edit-product/:id',
} as const;

/** Where a signed-in user belongs; a user without a role must finish the profile first. */
export function dashboardPath(role: Role | null | undefined): string {
  if (role === 'hosteller') return paths.hosteller.dashboard;
  if (role === 'dayscholar') return paths.dayscholar.dashboard;
  return paths.completeProfile;
}

/**
 * Where to return after signing in: the app path a signed-out visitor was sent away from (a shared
 * product link, say), kept in the router state. Only a path of this app, never another site's address.
 */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return null;
  return from;
}
