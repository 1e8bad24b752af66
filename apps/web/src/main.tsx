import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from '@/app/App';
import { createQueryClient } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { loadMatchedRoutes } from '@/app/route-preload';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { appReady, markTakeOver } from '@/lib/boot';
import { seedCampusConfig } from '@/lib/campus-config';
import { registerServiceWorker } from '@/lib/service-worker';
import { sessionStore } from '@/lib/session';
import { followTheme } from '@/lib/theme';
import './index.css';

// boot/boot.js applied the theme before the first paint; from here it follows changes.
followTheme();

async function start(root: HTMLElement) {
  const queryClient = createQueryClient();
  // The server writes its campus settings into the page, so forms need not ask for them.
  seedCampusConfig(queryClient);
  const routes = createRoutes();
  // The public screens arrive drawn (prerendered as a signed-out visitor sees them). The app takes
  // that HTML over once the screen's code is here; a signed-in visitor is sent on instead, so the
  // page is drawn afresh.
  const takeOver = root.firstElementChild !== null && !sessionStore.get().token;
  if (takeOver) {
    markTakeOver();
    await loadMatchedRoutes(routes, window.location.pathname);
  }
  const router = createBrowserRouter(routes);

  // Any 401 on a signed-in request ends the session and shows /login.
  setUnauthorizedHandler(() => {
    if (router.state.location.pathname !== paths.login) void router.navigate(paths.login, { replace: true });
  });

  const app = (
    <App router={router} queryClient={queryClient} update={registerServiceWorker()} onReady={appReady} />
  );
  if (takeOver) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
