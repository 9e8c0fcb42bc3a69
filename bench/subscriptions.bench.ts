import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { type SubscriptionBody, apiRoutes } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { createUserWithPassword } from '../apps/server/src/auth/create-user-with-password';
import { openDatabase } from '../apps/server/src/db/database';
import { organisations } from '../apps/server/src/db/core-tables';
import { startSmtpSink } from '../apps/server/test/helpers/smtp-sink';
import { percentile } from './support/percentile';
import { bearerTokenOf, buildBenchBundle, startProductionServer } from './support/production-server';
import { withScratchDatabase } from './support/scratch-database';

// Subscriptions (decision 029): 1,000 subscriptions due at the same minute on PostgreSQL, one server
// process as deployed (the prebuilt bundle, NODE_ENV=production, request logs on), mails to a local SMTP
// server (smtp-server, as in the tests). Printed: the time from the minute they fall due until every mail
// has arrived (target ≤ 60 s on this 2-core machine), due-to-arrival per mail and queued-to-sent per
// delivery (median, p99), the menu's p99 for signed-in users asking during the run, and the server's RSS.
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); a database of its
// own is created and dropped. BENCH_SUBSCRIPTIONS (default 1000), BENCH_CHARTS=false for mails without charts, BENCH_WAIT_SECONDS (240) how long to wait for the mails.

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const total = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1000);
const charts = process.env.BENCH_CHARTS !== 'false';
const perOwner = 50; // subscriptionLimits.maxPerOwner
const menuUsers = 5;
const menuPath = `${apiRoutes.getMenu.path}?useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=en`;
const password = 'Bench-kiwi-lantern-harbour-58';

const ms = (value: number) => `${value.toFixed(0)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

function rssKb(pid: number): number {
  try {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) || 0;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const smtp = await startSmtpSink();
  const arrivals: number[] = [];
  const { bundle, remove } = await buildBenchBundle();
  try {
    const outcome = await withScratchDatabase(
      adminUrl,
      'cockpit_bench_subscriptions',
      async (databaseUrl) => {
        // BENCH_CPU_PROFILE=<folder>: the server writes a CPU profile there when it stops (decision 028).
        const profileDir = process.env.BENCH_CPU_PROFILE;
        const server = await startProductionServer(bundle, databaseUrl, {
          nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
          env: {
            SMTP_URL: smtp.url,
            MAIL_FROM: 'Report Cockpit <cockpit@example.com>',
            // The report the mails carry has rows and charts to draw.
            SEED_SALES_ROWS: '50000',
            // One sign-in per subscription owner from this one address.
            SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
            SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000',
          },
        });
        try {
          // ---- owners: each may own 50 subscriptions; each subscribes themselves ----
          const database = await openDatabase({ driver: 'pg', connectionString: databaseUrl });
          const [demo] = await database.db
            .select({ id: organisations.id })
            .from(organisations)
            .where(eq(organisations.name, 'Demo GmbH'));
          const owners: string[] = [];
          for (let index = 0; index < Math.ceil(total / perOwner); index += 1) {
            const email = `bench-owner-${index}-${randomUUID().slice(0, 8)}@example.com`;
            await createUserWithPassword(database.db, {
              organisationId: demo!.id,
              email,
              password,
              name: `Bench Owner ${index}`,
              roleKey: 'organisationmember',
              subscription: 'pro',
            });
            owners.push(email);
          }
          await database.close();
          const tokens = [];
          for (const email of owners) tokens.push(await bearerTokenOf(server.baseUrl, email, password));

          // ---- 1,000 subscriptions due at one minute (UTC: the owners' time zone), after saving them all ----
          const due = new Date(Math.ceil((Date.now() + 90_000 + total * 40) / 60_000) * 60_000);
          const time = `${String(due.getUTCHours()).padStart(2, '0')}:${String(due.getUTCMinutes()).padStart(2, '0')}`;
          const body: SubscriptionBody = {
            targetKind: 'report',
            targetName: 'totalviewlayout',
            schedule: { every: 'day', time },
            include: { charts, tableRows: 10, attachment: 'none' },
          };
          const createdAt = performance.now();
          // Saving loads the report as its owner (decision 029): at once only for different owners, and a
          // 429 of the report limiter is waited out.
          const jobs = Array.from({ length: total }, (_, index) => tokens[index % tokens.length]!);
          for (let start = 0; start < jobs.length; start += 8) {
            await Promise.all(
              jobs.slice(start, start + 8).map(async (token) => {
                for (;;) {
                  const response = await fetch(`${server.baseUrl}${apiRoutes.createSubscription.path}`, {
                    method: 'POST',
                    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                    body: JSON.stringify(body),
                  });
                  if (response.status === 201) return;
                  if (response.status !== 429)
                    throw new Error(`subscribing failed: ${response.status} ${await response.text()}`);
                  await new Promise((resolve) => setTimeout(resolve, 200));
                }
              }),
            );
          }
          console.log(
            `  ${total} subscriptions created in ${seconds(performance.now() - createdAt)}, due at ${due.toISOString()} (charts: ${charts})`,
          );
          if (Date.now() > due.getTime() - 5_000)
            console.log('  (warning: created too close to the minute they are due)');

          // ---- during the run: the menu for signed-in users, the server's RSS ----
          const menuTokens = [
            await bearerTokenOf(server.baseUrl, 'member@example.com', 'Cockpit-member-1'),
            ...tokens.slice(0, menuUsers - 1),
          ];
          smtp.mails.length = 0;
          const originalPush = smtp.mails.push.bind(smtp.mails);
          smtp.mails.push = (...items) => {
            for (let index = 0; index < items.length; index += 1) arrivals.push(Date.now());
            return originalPush(...items);
          };
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, due.getTime() - Date.now() - 2_000)),
          );
          const menuLatencies: number[] = [];
          const rss: number[] = [];
          let running = true;
          const menuLoops = menuTokens.map(async (token) => {
            while (running) {
              const started = performance.now();
              const response = await fetch(`${server.baseUrl}${menuPath}`, {
                headers: { authorization: `Bearer ${token}` },
              });
              await response.arrayBuffer();
              if (response.ok) menuLatencies.push(performance.now() - started);
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          });
          const sampler = setInterval(() => rss.push(rssKb(server.child.pid!)), 1_000);
          const deadline = due.getTime() + Number(process.env.BENCH_WAIT_SECONDS ?? 240) * 1000;
          while (arrivals.length < total && Date.now() < deadline)
            await new Promise((resolve) => setTimeout(resolve, 250));
          running = false;
          clearInterval(sampler);
          await Promise.all(menuLoops);

          const pg = await import('pg');
          const client = new pg.default.Client({ connectionString: databaseUrl });
          await client.connect();
          const { rows } = await client.query<{ status: string; count: string; p50: number; p99: number }>(
            `select status, count(*)::text as count,
                  percentile_cont(0.5) within group (order by extract(epoch from updated_at - created_at) * 1000) as p50,
                  percentile_cont(0.99) within group (order by extract(epoch from updated_at - created_at) * 1000) as p99
           from subscription_deliveries group by status order by status`,
          );
          await client.end();

          const sinceDue = arrivals.map((at) => at - due.getTime()).sort((a, b) => a - b);
          menuLatencies.sort((a, b) => a - b);
          rss.sort((a, b) => a - b);
          console.log(
            [
              `  mails received: ${arrivals.length} of ${total}; all sent ${arrivals.length === total ? `${seconds(sinceDue.at(-1)!)} after the minute they were due` : `NOT within ${(deadline - due.getTime()) / 1000} s`} (target ≤ 60 s)`,
              `  due → mail received, per delivery: median ${seconds(percentile(sinceDue, 50))}, p99 ${seconds(percentile(sinceDue, 99))}`,
              ...rows.map(
                (row) =>
                  `  deliveries ${row.status}: ${row.count}; queued → ${row.status}: median ${ms(row.p50)}, p99 ${ms(row.p99)}`,
              ),
              `  menu for ${menuTokens.length} signed-in users during the run: ${menuLatencies.length} answers, median ${ms(percentile(menuLatencies, 50))}, p99 ${ms(percentile(menuLatencies, 99))}`,
              `  server RSS during the run: median ${mb(percentile(rss, 50))}, max ${mb(rss.at(-1) ?? 0)}`,
              `  load average ${os
                .loadavg()
                .map((l) => l.toFixed(1))
                .join(' ')} on ${os.cpus().length} cores`,
            ].join('\n'),
          );
        } finally {
          await server.stop();
          server.remove();
        }
      },
    );
    if (outcome === 'skipped') console.log('  (needs PostgreSQL)');
  } finally {
    remove();
    await smtp.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
