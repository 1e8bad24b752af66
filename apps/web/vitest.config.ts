import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    // Root-relative: Vite resolves '/src/...' against the project root.
    alias: { '@': '/src' },
  },
  test: {
    name: 'web',
    // jsdom with Node's Blob, File and FormData (see the file).
    environment: './src/test/environment.ts',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
