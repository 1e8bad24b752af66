import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

export default defineConfig(({ mode }) => {
  // The API the dev server and `vite preview` forward to (CAMPUSRUN_API_URL overrides it).
  const apiTarget = loadEnv(mode, '.', 'CAMPUSRUN_').CAMPUSRUN_API_URL || 'http://127.0.0.1:3000';
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: true },
    '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    // Product photos: the API gives same-origin paths (/uploads/…), served by the server.
    '/uploads': { target: apiTarget, changeOrigin: true },
  };

  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      // Root-relative: Vite resolves '/src/...' against the project root.
      alias: { '@': '/src' },
    },
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Spec §1: console output is silenced in production. Vite 8 minifies with Oxc through Rolldown.
      rolldownOptions: {
        output: {
          minify: { compress: { dropConsole: true, dropDebugger: true } },
        },
      },
    },
  };
});
