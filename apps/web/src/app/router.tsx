import { Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { paths, routePatterns } from '@/config/paths';
import { AppLoading } from './AppLoading';
import {
  DashboardRedirect,
  DayScholarOnly,
  GuestOnly,
  HostellerOnly,
  RequireAuth,
  RequireCompleteProfile,
} from './guards';
import { RouteError } from './RouteError';

// Every screen is its own lazy chunk; the guards are tiny and stay in the entry.
// React Router empties a `lazy` object once it has loaded it, so each route gets its own object
// (a fresh one per call), and every router gets fresh route objects from createRoutes().
const authLayout = () => ({ Component: async () => (await import('./layouts/AuthLayout')).AuthLayout });
const appLayout = () => ({ Component: async () => (await import('./layouts/AppLayout')).AppLayout });

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** The route table of spec §2; call once per router. */
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
                lazy: {
                  Component: async () => (await import('@/features/auth/components/LoginPage')).LoginPage,
                },
              },
              {
                path: paths.register,
                lazy: {
                  Component: async () =>
                    (await import('@/features/auth/components/RegisterPage')).RegisterPage,
                },
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
            lazy: {
              Component: async () =>
                (await import('@/features/auth/components/VerifyEmailPage')).VerifyEmailPage,
            },
          },
          {
            path: paths.forgotPassword,
            lazy: {
              Component: async () =>
                (await import('@/features/auth/components/ForgotPasswordPage')).ForgotPasswordPage,
            },
          },
          {
            path: paths.resetPassword,
            lazy: {
              Component: async () =>
                (await import('@/features/auth/components/ResetPasswordPage')).ResetPasswordPage,
            },
          },
          {
            path: paths.googleCallback,
            lazy: {
              Component: async () =>
                (await import('@/features/auth/components/GoogleCallbackPage')).GoogleCallbackPage,
            },
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
                lazy: {
                  Component: async () =>
                    (await import('@/features/auth/components/CompleteProfilePage')).CompleteProfilePage,
                },
              },
            ],
          },
          {
            Component: RequireCompleteProfile,
            children: [
              { path: paths.dashboard, Component: DashboardRedirect },
              {
                lazy: appLayout(),
                children: [
                  {
                    // Errors inside a screen keep the sidebar and header around them.
                    errorElement: <RouteError />,
                    children: [
                      {
                        Component: HostellerOnly,
                        children: [
                          {
                            path: paths.hosteller.dashboard,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/dashboard/components/HostellerDashboardPage'))
                                  .HostellerDashboardPage,
                            },
                          },
                          {
                            path: paths.hosteller.myRequests,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/requests/components/MyRequestsPage'))
                                  .MyRequestsPage,
                            },
                          },
                          {
                            path: paths.hosteller.newRequest,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/requests/components/NewRequestPage'))
                                  .NewRequestPage,
                            },
                          },
                          {
                            path: paths.hosteller.sellProduct,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/products/components/SellProductPage'))
                                  .SellProductPage,
                            },
                          },
                          {
                            path: routePatterns.editProduct,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/products/components/EditProductPage'))
                                  .EditProductPage,
                            },
                          },
                          {
                            path: paths.hosteller.marketplace,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/products/components/MarketplacePage'))
                                  .MarketplacePage,
                            },
                          },
                          {
                            path: routePatterns.product,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/products/components/ProductDetailPage'))
                                  .ProductDetailPage,
                            },
                          },
                        ],
                      },
                      {
                        Component: DayScholarOnly,
                        children: [
                          {
                            path: paths.dayscholar.dashboard,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/dashboard/components/DayScholarDashboardPage'))
                                  .DayScholarDashboardPage,
                            },
                          },
                          {
                            path: paths.dayscholar.browseRequests,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/requests/components/BrowseRequestsPage'))
                                  .BrowseRequestsPage,
                            },
                          },
                          {
                            path: paths.dayscholar.myDeliveries,
                            lazy: {
                              Component: async () =>
                                (await import('@/features/requests/components/MyDeliveriesPage'))
                                  .MyDeliveriesPage,
                            },
                          },
                        ],
                      },
                      {
                        path: paths.profile,
                        lazy: {
                          Component: async () =>
                            (await import('@/features/profile/components/ProfilePage')).ProfilePage,
                        },
                      },
                      {
                        path: paths.chat,
                        lazy: {
                          Component: async () =>
                            (await import('@/features/chat/components/ChatPage')).ChatPage,
                        },
                      },
                      {
                        path: routePatterns.chatWith,
                        lazy: {
                          Component: async () =>
                            (await import('@/features/chat/components/ChatThreadPage')).ChatThreadPage,
                        },
                      },
                      {
                        path: routePatterns.request,
                        lazy: {
                          Component: async () =>
                            (await import('@/features/requests/components/RequestDetailPage'))
                              .RequestDetailPage,
                        },
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },

      { path: '*', lazy: { Component: async () => (await import('./pages/NotFoundPage')).NotFoundPage } },
    ],
  },
];
