import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { debianChromium } from '../e2e/debian-chromium';
import { benchMember, signInMember } from './support/browser-sign-in';

// The reports home's Lighthouse scores for a signed-in member (docs/decisions/016-reports-home-recents-
// and-narrow-screens.md): performance ≥ 0.95, accessibility 1.0, best practices 1.0. What it measures is
// what users run: `npm start` (scripts/start.mjs: the built web app and the prebuilt server bundle, request
// logging as deployed) on a fresh embedded database, Debian's Chromium (docs/tools.md), Lighthouse's default
// mobile profile (simulated slow 4G and 4× CPU slowdown) and, for comparison, its desktop profile.
// The member signs in through the login screen first (the session cookie stays; Lighthouse keeps storage),
// then Lighthouse loads `/reports` cold.
//
// BENCH_SALES_ROWS (default 50,000) sizes the demo sales data: the home shows none of it, a smaller set
// only shortens the first start.

const root = fileURLToPath(new URL('..', import.meta.url));
const targets = { performance: 0.95, accessibility: 1, 'best-practices': 1 } as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startApp(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_SALES_ROWS: process.env.BENCH_SALES_ROWS ?? '50000',
    },
  });
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode})`);
    const healthy = await fetch(`http://localhost:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('npm start did not answer /api/health within 5 minutes');
}

/** Debian's Chromium with a debugging port for Lighthouse; its default context keeps the session cookie. */
async function launchChromium(chromePort: number, profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: debianChromium.executablePath,
    args: [`--remote-debugging-port=${chromePort}`, ...debianChromium.args],
  });
}

type Scores = Record<keyof typeof targets, number>;

async function audit(url: string, chromePort: number, preset: 'mobile' | 'desktop'): Promise<Scores> {
  const desktop = {
    formFactor: 'desktop' as const,
    screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
    throttling: {
      rttMs: 40,
      throughputKbps: 10240,
      cpuSlowdownMultiplier: 1,
      requestLatencyMs: 0,
      downloadThroughputKbps: 0,
      uploadThroughputKbps: 0,
    },
  };
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(targets),
    // Keep the session cookie of the sign-in above.
    disableStorageReset: true,
    ...(preset === 'desktop' ? desktop : {}),
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    Object.keys(targets).map((key) => [key, categories[key]?.score ?? 0]),
  ) as Scores;
  // Name what cost points, so a regression says where to look.
  for (const [id, item] of Object.entries(audits)) {
    if (item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
      console.log(`    ${preset}: failed audit ${id}: ${item.title}`);
  }
  // What moved the layout and what blocked the main thread, when performance is under its target.
  if (scores.performance < targets.performance) {
    type Item = {
      node?: { selector?: string; snippet?: string };
      score?: number;
      url?: string;
      duration?: number;
    };
    const items = (id: string) =>
      ((audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []).slice(0, 5);
    for (const item of [...items('layout-shifts'), ...items('layout-shift-elements')])
      console.log(
        `    ${preset}: layout shift ${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? ''} ${item.node?.snippet ?? ''}`,
      );
    for (const item of items('long-tasks'))
      console.log(`    ${preset}: long task ${Math.round(item.duration ?? 0)} ms ${item.url ?? ''}`);
  }
  const metric = (id: string) => audits[id]?.displayValue ?? '–';
  console.log(
    `  ${preset.padEnd(7)} performance ${scores.performance.toFixed(2)}, accessibility ${scores.accessibility.toFixed(2)}, ` +
      `best practices ${scores['best-practices'].toFixed(2)} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
      `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
  );
  return scores;
}

const port = await freePort();
const chromePort = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-bench-lighthouse-'));
let app: ChildProcess | undefined;
let chrome: BrowserContext | undefined;
let failed = false;
try {
  console.log('  starting `npm start` (built web app, server bundle, embedded database) …');
  app = await startApp(port, dataDir);
  const base = `http://localhost:${port}`;
  chrome = await launchChromium(chromePort, path.join(dataDir, 'chromium-profile'));
  await signInMember(chrome, base);
  console.log(`  signed-in reports home of ${benchMember.email}, ${base}/reports`);
  const mobile = await audit(`${base}/reports`, chromePort, 'mobile');
  await audit(`${base}/reports`, chromePort, 'desktop');
  for (const [key, target] of Object.entries(targets) as [keyof typeof targets, number][]) {
    const ok = mobile[key] >= target;
    console.log(
      `  ${key}: ${mobile[key].toFixed(2)} (target ≥ ${target}, mobile profile) ${ok ? 'OK' : 'BELOW'}`,
    );
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await chrome?.close();
  app?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exit(1);
