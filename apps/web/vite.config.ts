import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import type * as ThemeModule from './src/app/theme';

/**
 * `virtual:mantine-theme.css`: the app theme's CSS variables (brand colours, fonts, radius) as a static
 * style sheet, made from the same theme object MantineProvider gets, the same way it makes them at run
 * time (only what differs from Mantine's defaults in `@mantine/core/styles.css`). The login route, the
 * loading indicator and the error and not-found screens are drawn without Mantine's JavaScript — that
 * loads with the signed-in area (docs/decisions/011-shell-navigation-state-and-bundle-budget.md) — and
 * look the same with these variables.
 */
function mantineThemeVariables(): Plugin {
  const id = 'virtual:mantine-theme.css';
  return {
    name: 'cockpit:mantine-theme-variables',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      // Loaded here, not at the top: the config (and so every test run) needs neither Mantine nor the theme.
      const { convertCssVariables, defaultCssVariablesResolver, DEFAULT_THEME, mergeMantineTheme } =
        await import('@mantine/core');
      const themeFile = fileURLToPath(new URL('./src/app/theme.ts', import.meta.url));
      const { theme } = (await runnerImport<typeof ThemeModule>(themeFile, { configFile: false })).module;
      this.addWatchFile(themeFile);
      const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
      const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
      const changed = (part: 'variables' | 'light' | 'dark') => {
        const mantineDefaults: Record<string, string> = defaults[part];
        return Object.fromEntries(
          Object.entries(ours[part]).filter(([name, value]) => mantineDefaults[name] !== value),
        );
      };
      return convertCssVariables(
        { variables: changed('variables'), light: changed('light'), dark: changed('dark') },
        ':root',
      );
    },
  };
}

/**
 * Three chunks instead of dozens for the first screens (bundle budget, decision 011): by default
 * Rolldown cuts every set of modules shared by a different set of lazy routes into its own small file,
 * and the shell alone came to ~50 files — ~10 KB gzip of them file overhead and imports between them.
 * - `entry`: everything the entry needs statically; it is loaded first anyway. A page loaded at /login
 *   needs nothing else to be drawn.
 * - `router`: everything the router module (routed-app.tsx: React Router, the route table, guards, error
 *   and not-found screens) needs statically, except that. Every page but a freshly loaded /login imports
 *   it at start-up; /login imports it after signing in. Its own chunk, or it would go into `shell` (the
 *   layout imports React Router too) and a signed-out visitor sent to /login would download the shell.
 * - `shell`: everything the signed-in layout (main-layout.tsx) and the reports home (reports-home.tsx,
 *   where signing in lands) need statically, except those. Every signed-in page is shown inside the
 *   layout, so it is loaded before any lazy area that shares a module with it; without the home's
 *   imports, its small shared modules became seven files of their own.
 * Only the modules routed-app.tsx, main-layout.tsx and reports-home.tsx import are named (their
 * dependencies follow); the three keep their own small chunks, so the manifest still names them
 * (bench/web-bundle.bench.ts).
 */
const routerModule = /[\\/]src[\\/]app[\\/]routed-app\.tsx$/;
const mainLayoutModule = /[\\/]src[\\/]app[\\/]routes[\\/]app[\\/]main-layout\.tsx$/;
/** The reports home, where signing in lands: what it imports joins the shell rather than small chunks. */
const reportsHomeModule = /[\\/]src[\\/]app[\\/]routes[\\/]app[\\/]reports-home\.tsx$/;
/**
 * The session (lib/auth/session.ts) is loaded by the entry at start-up and by the route guards, before
 * the layout: it keeps a chunk of its own, or the login route would download the shell to get it.
 */
const sessionModule = /[\\/]src[\\/]lib[\\/]auth[\\/]session\.ts$/;
let routerImports = new Set<string>();
let mainLayoutImports = new Set<string>();
let reportsHomeImports = new Set<string>();
const chunkGroups = [
  { name: 'entry', tags: ['$initial' as const], priority: 3 },
  { name: 'router', test: (id: string) => routerImports.has(id) && !sessionModule.test(id), priority: 2 },
  {
    name: 'shell',
    test: (id: string) =>
      (mainLayoutImports.has(id) || reportsHomeImports.has(id)) && !sessionModule.test(id),
    priority: 1,
  },
];
function chunkGroupImports(): Plugin {
  return {
    name: 'cockpit:chunk-group-imports',
    apply: 'build',
    moduleParsed(info) {
      if (routerModule.test(info.id)) routerImports = new Set(info.importedIds);
      if (mainLayoutModule.test(info.id)) mainLayoutImports = new Set(info.importedIds);
      if (reportsHomeModule.test(info.id)) reportsHomeImports = new Set(info.importedIds);
    },
  };
}

// The web app: dev server on 5173 proxying the API (docs/product.md §D.2), build into dist/ (served by the API
// server), and the `web` unit-test project the root vitest.config.ts lists.
/**
 * React Router's package exports only its development build (extra checks and warnings), for production
 * builds too — a known issue of the package. The production build it ships alongside is used for
 * `vite build` (bundle budget, decision 011); the dev server and the tests keep the development build.
 */
function reactRouterProductionBuild(): Plugin {
  const production = fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  );
  return {
    name: 'cockpit:react-router-production-build',
    apply: 'build',
    config: () =>
      existsSync(production)
        ? { resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }
        : {},
  };
}

export default defineConfig({
  plugins: [react(), mantineThemeVariables(), chunkGroupImports(), reactRouterProductionBuild()],
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
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
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
