import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The web app: dev server on 5173 proxying the API (DESIGN.md §2), build into dist/ (served by the API
// server), and the `web` unit-test project the root vitest.config.ts lists.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // dist/.vite/manifest.json: bench/web-bundle.bench.ts follows it to measure what each route loads.
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    testTimeout: 30_000,
  },
});
