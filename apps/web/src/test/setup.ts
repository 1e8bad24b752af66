import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { sessionStore } from '@/lib/session';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStore.reload();
});

afterAll(() => server.close());

// jsdom does not implement scrolling (React Router's <ScrollRestoration> calls it).
window.scrollTo = () => {};
