import { useEffect } from 'react';
import { Outlet, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { paths, routePatterns } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { AppLoading, ScreenLoading } from './AppLoading';
import {
  DashboardRedirect,
  DayScholarOnly,
  GuestOnly,
  HostellerOnly,
  MarketplaceRedirect,
  RequireAuth,
  RequireCompleteProfile,
} from './guards';
import { screen } from './lazy-screen';
import { RouteBoundary } from './RouteBoundary';
import { ScrollRestoration } from './ScrollRestoration';

/** Any 401 on a signed-in request ends the session and shows /login. */
function SignInAgainOnUnauthorized() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        if (pathname !== paths.login) void navigate(paths.login, { replace: true });
      }),
    [navigate, pathname],
  );
  return null;
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <SignInAgainOnUnauthorized />
      <Outlet />
    </>
  );
}

/** Inside the signed-in layout: its sidebar and header stay around a loading or failing screen. */
function InLayout() {
  return (
    <RouteBoundary inLayout fallback={<ScreenLoading />}>
      <Outlet />
    </RouteBoundary>
  );
}

function Drawn({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

/**
 * The app's screens for the current address (inside a router). Until the layouts' code is here the
 * page shows the brand; a failure anywhere, the error screen. `onReady` runs once the first screen
 * is on the page: drawn, or the prerendered HTML taken over (React hydrates what is inside a
 * <Suspense> after the rest, so an effect outside it would run too early).
 */
export function AppRoutes({ routes, onReady }: { routes: RouteObject[]; onReady?: () => void }) {
  return (
    <RouteBoundary fallback={<AppLoading />}>
      {useRoutes(routes)}
      <Drawn onReady={onReady} />
    </RouteBoundary>
  );
}

/**
 * The app's route table; call once per router. Every screen is its own lazy chunk (its code loads
 * on first use and is kept by the table); the guards are tiny and stay in the entry.
 */
// eslint-disable-next-line max-lines-per-function -- the route table is one list of routes, read top to bottom.
export const createRoutes = (): RouteObject[] => {
  const authLayout = screen(async () => (await import('./layouts/AuthLayout')).AuthLayout);
  const appLayout = screen(async () => (await import('./layouts/AppLayout')).AppLayout);
  return [
    {
      Component: Root,
      children: [
        { index: true, Component: DashboardRedirect },

        // Public auth screens
        {
          Component: GuestOnly,
          children: [
            {
              Component: authLayout,
              children: [
                {
                  path: paths.login,
                  Component: screen(
                    async () => (await import('@/features/identity/components/LoginPage')).LoginPage,
                  ),
                },
                {
                  path: paths.register,
                  Component: screen(
                    async () => (await import('@/features/identity/components/RegisterPage')).RegisterPage,
                  ),
                },
              ],
            },
          ],
        },
        {
          Component: authLayout,
          children: [
            {
              path: paths.verifyEmail,
              Component: screen(
                async () => (await import('@/features/identity/components/VerifyEmailPage')).VerifyEmailPage,
              ),
            },
            {
              path: paths.forgotPassword,
              Component: screen(
                async () =>
                  (await import('@/features/identity/components/ForgotPasswordPage')).ForgotPasswordPage,
              ),
            },
            {
              path: paths.resetPassword,
              Component: screen(
                async () =>
                  (await import('@/features/identity/components/ResetPasswordPage')).ResetPasswordPage,
              ),
            },
            {
              path: paths.googleCallback,
              Component: screen(
                async () =>
                  (await import('@/features/identity/components/GoogleCallbackPage')).GoogleCallbackPage,
              ),
            },
          ],
        },

        // Signed-in screens
        {
          Component: RequireAuth,
          children: [
            {
              Component: authLayout,
              children: [
                {
                  path: paths.completeProfile,
                  Component: screen(
                    async () =>
                      (await import('@/features/identity/components/CompleteProfilePage'))
                        .CompleteProfilePage,
                  ),
                },
              ],
            },
            {
              Component: RequireCompleteProfile,
              children: [
                { path: paths.dashboard, Component: DashboardRedirect },
                { path: paths.hosteller.marketplace, Component: MarketplaceRedirect },
                {
                  Component: appLayout,
                  children: [
                    {
                      Component: InLayout,
                      children: [
                        {
                          Component: HostellerOnly,
                          children: [
                            {
                              path: paths.hosteller.dashboard,
                              // Money owed either way at the top: composed in app/pages.
                              Component: screen(
                                async () => (await import('./pages/HostellerHomePage')).HostellerHomePage,
                              ),
                            },
                            {
                              path: paths.hosteller.myRequests,
                              Component: screen(
                                async () =>
                                  (await import('@/features/requests/components/MyRequestsPage'))
                                    .MyRequestsPage,
                              ),
                            },
                            {
                              // An open trip that could bring the request: composed in app/pages.
                              path: paths.hosteller.newRequest,
                              Component: screen(
                                async () => (await import('./pages/PostRequestPage')).PostRequestPage,
                              ),
                            },
                            {
                              path: paths.newRun,
                              Component: screen(
                                async () =>
                                  (await import('@/features/runs/components/NewRunPage')).NewRunPage,
                              ),
                            },
                            {
                              path: paths.hosteller.sellProduct,
                              Component: screen(
                                async () =>
                                  (await import('@/features/products/components/SellProductPage'))
                                    .SellProductPage,
                              ),
                            },
                          ],
                        },
                        {
                          Component: DayScholarOnly,
                          children: [
                            {
                              path: paths.dayscholar.dashboard,
                              Component: screen(
                                async () => (await import('./pages/DayScholarHomePage')).DayScholarHomePage,
                              ),
                            },
                            {
                              // Open shared runs above the requests: composed in app/pages.
                              path: paths.dayscholar.browseRequests,
                              Component: screen(async () => (await import('./pages/BrowsePage')).BrowsePage),
                            },
                            {
                              path: paths.newTrip,
                              Component: screen(
                                async () =>
                                  (await import('@/features/trips/components/NewTripPage')).NewTripPage,
                              ),
                            },
                            {
                              path: paths.dayscholar.myDeliveries,
                              Component: screen(
                                async () =>
                                  (await import('@/features/requests/components/MyDeliveriesPage'))
                                    .MyDeliveriesPage,
                              ),
                            },
                          ],
                        },
                        // Both roles: hostellers add requests to trips and join runs, day scholars
                        // post trips and accept runs; the server decides every action (`can`).
                        {
                          path: paths.trips,
                          Component: screen(
                            async () => (await import('@/features/trips/components/TripsPage')).TripsPage,
                          ),
                        },
                        {
                          // Completing a drop from the stop list: composed in app/pages.
                          path: routePatterns.trip,
                          Component: screen(async () => (await import('./pages/TripPage')).TripPage),
                        },
                        {
                          path: paths.runs,
                          Component: screen(
                            async () => (await import('@/features/runs/components/RunsPage')).RunsPage,
                          ),
                        },
                        {
                          path: routePatterns.run,
                          Component: screen(
                            async () =>
                              (await import('@/features/runs/components/RunDetailPage')).RunDetailPage,
                          ),
                        },
                        // Both roles browse and buy; selling is checked on the product.
                        {
                          // What is for sale, and what students want (a tab): composed in app/pages.
                          path: paths.marketplace,
                          Component: screen(
                            async () => (await import('./pages/MarketplacePage')).MarketplacePage,
                          ),
                        },
                        {
                          path: paths.newWanted,
                          Component: screen(
                            async () =>
                              (await import('@/features/wanted/components/NewWantedPage')).NewWantedPage,
                          ),
                        },
                        {
                          path: routePatterns.wanted,
                          Component: screen(
                            async () =>
                              (await import('@/features/wanted/components/WantedPostPage')).WantedPostPage,
                          ),
                        },
                        {
                          path: paths.lostFoundList,
                          Component: screen(
                            async () =>
                              (await import('@/features/lost-found/components/LostFoundBoard'))
                                .LostFoundBoard,
                          ),
                        },
                        {
                          path: paths.newLostFound,
                          Component: screen(
                            async () =>
                              (await import('@/features/lost-found/components/NewLostFoundPage'))
                                .NewLostFoundPage,
                          ),
                        },
                        {
                          // The claimants' reliability records: composed in app/pages.
                          path: routePatterns.lostFound,
                          Component: screen(
                            async () => (await import('./pages/LostFoundPostPage')).LostFoundPostPage,
                          ),
                        },
                        {
                          path: routePatterns.product,
                          // The settle card under a sold product: composed in app/pages.
                          Component: screen(async () => (await import('./pages/ProductPage')).ProductPage),
                        },
                        {
                          // Not behind HostellerOnly: anyone else gets a toast saying why and /dashboard
                          // from the page itself, not a silent redirect.
                          path: routePatterns.editProduct,
                          Component: screen(
                            async () =>
                              (await import('@/features/products/components/EditProductPage'))
                                .EditProductPage,
                          ),
                        },
                        {
                          path: paths.money,
                          Component: screen(
                            async () =>
                              (await import('@/features/settlements/components/MoneyPage')).MoneyPage,
                          ),
                        },
                        {
                          path: paths.saved,
                          Component: screen(
                            async () => (await import('@/features/products/components/SavedPage')).SavedPage,
                          ),
                        },
                        {
                          path: paths.following,
                          Component: screen(
                            async () =>
                              (await import('@/features/people/components/FollowingPage')).FollowingPage,
                          ),
                        },
                        {
                          path: paths.searches,
                          Component: screen(
                            async () =>
                              (await import('@/features/searches/components/SavedSearchesPage'))
                                .SavedSearchesPage,
                          ),
                        },
                        {
                          // Where a notice of several new matches leads: on to the list, filtered.
                          path: routePatterns.savedSearch,
                          Component: screen(
                            async () =>
                              (await import('@/features/searches/components/OpenSavedSearchPage'))
                                .OpenSavedSearchPage,
                          ),
                        },
                        {
                          // The member's wanted posts under their listings: composed in app/pages.
                          path: routePatterns.user,
                          Component: screen(async () => (await import('./pages/UserPage')).UserPage),
                        },
                        {
                          path: paths.profile,
                          Component: screen(
                            async () =>
                              (await import('@/features/account/components/ProfilePage')).ProfilePage,
                          ),
                        },
                        {
                          // The page says so to anyone who is not a moderator; the server refuses them too.
                          path: paths.moderation,
                          Component: screen(
                            async () =>
                              (await import('@/features/moderation/components/ModerationPage'))
                                .ModerationPage,
                          ),
                        },
                        {
                          path: paths.chat,
                          Component: screen(
                            async () => (await import('@/features/chat/components/ChatPage')).ChatPage,
                          ),
                        },
                        {
                          path: routePatterns.chatWith,
                          Component: screen(
                            async () =>
                              (await import('@/features/chat/components/ChatThreadPage')).ChatThreadPage,
                          ),
                        },
                        {
                          path: routePatterns.request,
                          // The settle card under a completed request: composed in app/pages.
                          Component: screen(async () => (await import('./pages/RequestPage')).RequestPage),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },

        { path: '*', Component: screen(async () => (await import('./pages/NotFoundPage')).NotFoundPage) },
      ],
    },
  ];
};
