import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { server } from './server';
import { resetFakeSockets } from './socket';

// A loaded machine (CI runs the server and web suites side by side, three files at a time on two
// cores) may take several seconds to render a screen the first time, while its lazy parts load.
configure({ asyncUtilTimeout: 15_000 });

// No test opens a real socket: every one gets the fake of ./socket (tests drive it as the server).
vi.mock('socket.io-client', () => import('./socket'));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStore.reload();
  resetFakeSockets();
});

afterAll(() => server.close());

// jsdom does not implement scrolling (the app's <ScrollRestoration> calls it).
window.scrollTo = () => {};
