import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/App';
import { createQueryClient } from '@/app/providers';
import { AppRoutes, createRoutes } from '@/app/router';
import { loadMatchedRoutes } from '@/app/route-preload';
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
  if (takeOver) markTakeOver();
  // The code of every route the address matches (the frame and the screen) is loaded side by side
  // before the first render, which then draws the screen itself; rendered one by one, each lazy part
  // would ask for the next only once it had drawn.
  await loadMatchedRoutes(routes, window.location.pathname);
  // A navigation is a transition (BrowserRouter's default): the screen on show stays until the
  // next one's code is here. The routes send any 401 to /login.
  const app = (
    <App queryClient={queryClient} update={registerServiceWorker()}>
      <BrowserRouter>
        <AppRoutes routes={routes} onReady={appReady} />
      </BrowserRouter>
    </App>
  );
  if (takeOver) hydrateRoot(root, app);
  else createRoot(root).render(app);
  void import('@/lib/vitals').then(({ startVitals }) => startVitals(routes, queryClient));
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
