import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey as webDeriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { loadConfig } from '../apps/server/src/config';
import { createIntegrityService } from '../apps/server/src/plugins/integrity/integrity-service';
import { createMemoryUseOnceKeys } from '../apps/server/src/plugins/use-once-keys';
import { percentile } from './support/percentile';

// Security hardening figures: how long solving the app-integrity challenge takes with the default difficulty
// (INTEGRITY_MAX_NUMBER, INTEGRITY_COST in config.ts) — in Node with WebCrypto (the algorithm the web
// worker uses) and in Chromium itself — and what checking a solution costs the server. Target: "well
// under a second on an ordinary laptop". Each solve is one fresh challenge from the real service, and
// every solution is redeemed to prove it is right.

const samples = Number(process.env.BENCH_INTEGRITY_SAMPLES ?? 20);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  DATA_DIR: path.join(os.tmpdir(), 'cockpit-bench-integrity'),
  LOG_LEVEL: 'silent',
});
const service = createIntegrityService(config, createMemoryUseOnceKeys());

function summary(title: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  console.log(
    `  ${title.padEnd(40)} mean ${mean.toFixed(0).padStart(5)} ms   p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms   max ${sorted.at(-1)!.toFixed(0).padStart(5)} ms`,
  );
}

/**
 * The same search the worker runs (altcha-lib v2: a uint32 counter after the nonce, PBKDF2 in WebCrypto),
 * as page source: a string, so the TypeScript runner's helpers never end up inside the page.
 */
const solveInPageSource = `async (challenge) => {
  const hex = (text) => new Uint8Array(text.match(/../g).map((pair) => parseInt(pair, 16)));
  const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const { nonce, salt, cost, keyLength, keyPrefix } = challenge.parameters;
  const nonceBytes = hex(nonce);
  const saltBytes = hex(salt);
  const started = performance.now();
  for (let counter = 0; ; counter += 1) {
    const password = new Uint8Array(nonceBytes.length + 4);
    password.set(nonceBytes);
    new DataView(password.buffer).setUint32(nonceBytes.length, counter);
    const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', salt: saltBytes, iterations: cost, hash: 'SHA-256' }, key, keyLength * 8));
    const derivedKey = toHex(bits);
    if (derivedKey.startsWith(keyPrefix)) return { counter, derivedKey, ms: performance.now() - started };
  }
}`;

async function main(): Promise<void> {
  const { maxNumber, cost } = config.integrity;
  console.log(
    `  difficulty: counter in [${Math.ceil(maxNumber / 2)}, ${maxNumber}], ${cost} PBKDF2-SHA-256 rounds per try; ${samples} challenges each`,
  );

  const nodeTimes: number[] = [];
  const verifyTimes: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const challenge = await service.createChallenge();
    const started = performance.now();
    const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey: webDeriveKey });
    nodeTimes.push(performance.now() - started);
    const verifyStarted = performance.now();
    const redeemed = await service.redeem(challenge, solution!);
    verifyTimes.push(performance.now() - verifyStarted);
    if (!redeemed.ok) throw new Error(`a solution was refused: ${redeemed.reason}`);
  }
  summary('solve, Node WebCrypto (one core)', nodeTimes);
  summary('server: check a solution, issue a token', verifyTimes);

  if (!existsSync(chromiumPath)) {
    console.log(`  Chromium not found at ${chromiumPath}: browser figure skipped`);
    return;
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    // WebCrypto needs a secure context: an https page, served by the bench itself.
    await page.route('https://integrity-bench.invalid/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
    );
    await page.goto('https://integrity-bench.invalid/');
    const browserTimes: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const challenge = await service.createChallenge();
      const answer = (await page.evaluate(`(${solveInPageSource})(${JSON.stringify(challenge)})`)) as {
        counter: number;
        derivedKey: string;
        ms: number;
      };
      browserTimes.push(answer.ms);
      const redeemed = await service.redeem(challenge, {
        counter: answer.counter,
        derivedKey: answer.derivedKey,
      });
      if (!redeemed.ok) throw new Error(`a browser solution was refused: ${redeemed.reason}`);
    }
    summary('solve, Chromium WebCrypto (one core)', browserTimes);
  } finally {
    await browser.close();
  }
  console.log(
    `  (load average now: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
