import { Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { paths, routePatterns } from '@/config/paths';
import { AppLoading } from './AppLoading';
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
import { RouteError } from './RouteError';

// Every screen is its own lazy chunk; the guards are tiny and stay in the entry.
// React Router empties a `lazy` object once it has loaded it, so each route gets its own object
// (a fresh one per call), and every router gets fresh route objects from createRoutes().
const authLayout = () => screen(async () => (await import('./layouts/AuthLayout')).AuthLayout);
const appLayout = () => screen(async () => (await import('./layouts/AppLayout')).AppLayout);

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** The app's route table; call once per router. */
export const createRoutes = (): RouteObject[] => [
  {
    id: 'root',
    Component: Root,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      { index: true, Component: DashboardRedirect },

      // Public auth screens
      {
        Component: GuestOnly,
        children: [
          {
            lazy: authLayout(),
            children: [
              {
                path: paths.login,
                lazy: screen(async () => (await import('@/features/auth/components/LoginPage')).LoginPage),
              },
              {
                path: paths.register,
                lazy: screen(
                  async () => (await import('@/features/auth/components/RegisterPage')).RegisterPage,
                ),
              },
            ],
          },
        ],
      },
      {
        lazy: authLayout(),
        children: [
          {
            path: paths.verifyEmail,
            lazy: screen(
              async () => (await import('@/features/auth/components/VerifyEmailPage')).VerifyEmailPage,
            ),
          },
          {
            path: paths.forgotPassword,
            lazy: screen(
              async () => (await import('@/features/auth/components/ForgotPasswordPage')).ForgotPasswordPage,
            ),
          },
          {
            path: paths.resetPassword,
            lazy: screen(
              async () => (await import('@/features/auth/components/ResetPasswordPage')).ResetPasswordPage,
            ),
          },
          {
            path: paths.googleCallback,
            lazy: screen(
              async () => (await import('@/features/auth/components/GoogleCallbackPage')).GoogleCallbackPage,
            ),
          },
        ],
      },

      // Signed-in screens
      {
        Component: RequireAuth,
        children: [
          {
            lazy: authLayout(),
            children: [
              {
                path: paths.completeProfile,
                lazy: screen(
                  async () =>
                    (await import('@/features/auth/components/CompleteProfilePage')).CompleteProfilePage,
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
                lazy: appLayout(),
                children: [
                  {
                    // Errors inside a screen keep the sidebar and header around them.
                    errorElement: <RouteError inLayout />,
                    children: [
                      {
                        Component: HostellerOnly,
                        children: [
                          {
                            path: paths.hosteller.dashboard,
                            lazy: screen(
                              async () =>
                                (await import('@/features/dashboard/components/HostellerDashboardPage'))
                                  .HostellerDashboardPage,
                            ),
                          },
                          {
                            path: paths.hosteller.myRequests,
                            lazy: screen(
                              async () =>
                                (await import('@/features/requests/components/MyRequestsPage'))
                                  .MyRequestsPage,
                            ),
                          },
                          {
                            path: paths.hosteller.newRequest,
                            lazy: screen(
                              async () =>
                                (await import('@/features/requests/components/NewRequestPage'))
                                  .NewRequestPage,
                            ),
                          },
                          {
                            path: paths.hosteller.sellProduct,
                            lazy: screen(
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
                            lazy: screen(
                              async () =>
                                (await import('@/features/dashboard/components/DayScholarDashboardPage'))
                                  .DayScholarDashboardPage,
                            ),
                          },
                          {
                            path: paths.dayscholar.browseRequests,
                            lazy: screen(
                              async () =>
                                (await import('@/features/requests/components/BrowseRequestsPage'))
                                  .BrowseRequestsPage,
                            ),
                          },
                          {
                            path: paths.dayscholar.myDeliveries,
                            lazy: screen(
                              async () =>
                                (await import('@/features/requests/components/MyDeliveriesPage'))
                                  .MyDeliveriesPage,
                            ),
                          },
                        ],
                      },
                      // Both roles browse and buy; selling is checked on the product.
                      {
                        path: paths.marketplace,
                        lazy: screen(
                          async () =>
                            (await import('@/features/products/components/MarketplacePage')).MarketplacePage,
                        ),
                      },
                      {
                        path: routePatterns.product,
                        lazy: screen(
                          async () =>
                            (await import('@/features/products/components/ProductDetailPage'))
                              .ProductDetailPage,
                        ),
                      },
                      {
                        // Not behind HostellerOnly: anyone else gets a toast saying why and /dashboard
                        // from the page itself, not a silent redirect.
                        path: routePatterns.editProduct,
                        lazy: screen(
                          async () =>
                            (await import('@/features/products/components/EditProductPage')).EditProductPage,
                        ),
                      },
                      {
                        path: paths.saved,
                        lazy: screen(
                          async () => (await import('@/features/products/components/SavedPage')).SavedPage,
                        ),
                      },
                      {
                        path: routePatterns.user,
                        lazy: screen(
                          async () =>
                            (await import('@/features/users/components/PublicProfilePage')).PublicProfilePage,
                        ),
                      },
                      {
                        path: paths.profile,
                        lazy: screen(
                          async () => (await import('@/features/profile/components/ProfilePage')).ProfilePage,
                        ),
                      },
                      {
                        // The page says so to anyone who is not a moderator; the server refuses them too.
                        path: paths.moderation,
                        lazy: screen(
                          async () =>
                            (await import('@/features/moderation/components/ModerationPage')).ModerationPage,
                        ),
                      },
                      {
                        path: paths.chat,
                        lazy: screen(
                          async () => (await import('@/features/chat/components/ChatPage')).ChatPage,
                        ),
                      },
                      {
                        path: routePatterns.chatWith,
                        lazy: screen(
                          async () =>
                            (await import('@/features/chat/components/ChatThreadPage')).ChatThreadPage,
                        ),
                      },
                      {
                        path: routePatterns.request,
                        lazy: screen(
                          async () =>
                            (await import('@/features/requests/components/RequestDetailPage'))
                              .RequestDetailPage,
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },

      { path: '*', lazy: screen(async () => (await import('./pages/NotFoundPage')).NotFoundPage) },
    ],
  },
];
