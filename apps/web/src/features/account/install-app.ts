/**
 * Installing CampusRun to the home screen. Chromium offers it once per page load, in a
 * `beforeinstallprompt` event that may come before any screen asks: it is kept from the moment this
 * module loads (with the signed-in layout). iOS has no such event, only Share → Add to Home Screen.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

let offered: BeforeInstallPromptEvent | null = null;

if (typeof window !== 'undefined') {
  // Not cancelled: the browser's own install offer stays as it is.
  window.addEventListener('beforeinstallprompt', (event) => {
    offered = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
  });
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

// iPadOS presents itself as a Mac, told apart by its touch screen.
const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

/**
 * How this browser can install the app: its own prompt (Chromium), the Share menu (iOS Safari), or
 * not at all (already installed, or no way the app knows of).
 */
export function installOffer(): 'prompt' | 'share-menu' | null {
  if (isStandalone()) return null;
  if (offered) return 'prompt';
  return isIos() ? 'share-menu' : null;
}

/** Shows the browser's install prompt (once: the event cannot be used again). */
export async function promptInstall(): Promise<void> {
  const event = offered;
  offered = null;
  if (!event) return;
  await event.prompt();
}
