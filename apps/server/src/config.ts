import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadLimits } from '@cockpit/contracts';
import { z } from 'zod';
import { parseAllowedHosts } from './lib/public-address';

// The only module that reads the environment (docs/conventions.md: "Environment read and validated once").
// Everything else receives a `Config`.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** An empty variable (`FOO=` in a .env file) counts as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });
const port = z.coerce.number().int().min(1).max(65535);
const positiveSeconds = z.coerce.number().int().positive().max(86_400);
const booleanFlag = z.enum(['true', 'false'], { error: "must be 'true' or 'false'" });

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(port),
  HOST: optional(z.string().min(1)),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  ),
  DATA_DIR: optional(z.string()),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
  SEED_DEMO: optional(booleanFlag),
  /** Fact rows of the demo sales data set (decision 012); 0 → none. Tests and browser journeys use fewer. */
  SEED_SALES_ROWS: optional(z.coerce.number().int().min(0).max(5_000_000)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  IDLE_TIMEOUT_SECONDS: optional(positiveSeconds),
  IDLE_COUNTDOWN_SECONDS: optional(positiveSeconds),
  GA_MEASUREMENT_ID: optional(z.string().regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXXXXX')),
  SUPPORT_ADDRESS: optional(z.string().max(500)),
  SUPPORT_PHONE: optional(z.string().max(50)),
  SUPPORT_EMAIL: optional(z.email()),
  KNOWLEDGE_BASE_URL_EN: optional(httpsUrl),
  KNOWLEDGE_BASE_URL_DE: optional(httpsUrl),
  TUTORIAL_URL_EN: optional(httpsUrl),
  TUTORIAL_URL_DE: optional(httpsUrl),
  WEB_DIST_DIR: optional(z.string()),
  // ---- security (decisions 007–009) ----
  /** Shared counters (sign-in limits, used integrity challenges) for several server processes. */
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')),
  REDIS_KEY_PREFIX: optional(z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, : _ - only')),
  /** Origins embedded reports may be framed from (CSP frame-src), comma-separated https origins. */
  REPORT_FRAME_ORIGINS: optional(z.string().max(4000)),
  /** Proof-of-work difficulty: the secret counter lies in [max/2, max]; each try costs INTEGRITY_COST PBKDF2 rounds. */
  INTEGRITY_MAX_NUMBER: optional(z.coerce.number().int().min(1).max(1_000_000)),
  INTEGRITY_COST: optional(z.coerce.number().int().min(1).max(1_000_000)),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: optional(z.coerce.number().int().min(1).max(100)),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: optional(z.coerce.number().int().min(1).max(100_000)),
  SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS: optional(z.coerce.number().int().min(1).max(100_000)),
  // ---- hardening (decision 009) ----
  /** Which reverse proxies' `X-Forwarded-For` to believe: `false` (default), a hop count or addresses/CIDRs. */
  TRUST_PROXY: optional(z.string().max(4000)),
  /** Absolute session lifetime (ASVS 7.3.2); default 12 h. */
  SESSION_MAX_AGE_SECONDS: optional(
    z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 86_400),
  ),
  /** Report and tile queries one user may have running at once; more → 429. */
  REPORT_MAX_CONCURRENT_PER_USER: optional(z.coerce.number().int().min(1).max(100)),
  /** A report or tile query running longer is cancelled → 503 with Retry-After. */
  REPORT_STATEMENT_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)),
  /** Uploaded tables (decision 027): a file's largest size and row count, at most the product's 200 MB / 1,000,000. */
  UPLOAD_MAX_MEGABYTES: optional(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(uploadLimits.maxBytes / 1024 / 1024),
  ),
  UPLOAD_MAX_ROWS: optional(z.coerce.number().int().min(1).max(uploadLimits.maxRows)),
  // ---- operations (docs/deploy.md, decision 018) ----
  /** `GET /metrics` on the API port for `Authorization: Bearer <token>`; also required on METRICS_PORT when set. */
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters long').max(512)),
  /** Serve `/metrics` on this port of its own (and not on the API port). */
  METRICS_PORT: optional(port),
  METRICS_HOST: optional(z.string().min(1)),
  // ---- single sign-on (decision 020) ----
  /** Providers on a private network: host names and addresses/CIDRs exempt from the public-address rule. */
  SSO_ALLOWED_HOSTS: optional(z.string().max(4000)),
  /** DNS servers (`host[:port]`, comma-separated) asked for the TXT records that prove e-mail domains. */
  SSO_DNS_SERVERS: optional(z.string().max(1000)),
  // ---- reports over the organisation's own data (decision 027) ----
  /** Hosts and CIDRs data sources may connect to besides public addresses. */
  DATA_SOURCE_HOSTS: optional(z.string().max(4000)),
  // ---- mail: subscriptions, alerts (decision 029) ----
  /** `smtp://user:pass@host:587` or `smtps://…:465`; unset → mails go to the outbox in Management. */
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .max(2000),
  ),
  /** The sender of every mail: `Report Cockpit <cockpit@example.com>` or a bare address. */
  MAIL_FROM: optional(z.string().min(3).max(320)),
  /** Whether this process works background jobs (deliveries, schedules); default on, off under NODE_ENV=test. */
  BACKGROUND_JOBS: optional(booleanFlag),
  /** Attempts after the first for a delivery whose mail failed, and the first wait (doubling each time). */
  DELIVERY_RETRIES: optional(z.coerce.number().int().min(0).max(10)),
  DELIVERY_RETRY_DELAY_SECONDS: optional(z.coerce.number().int().min(1).max(3600)),
  /**
   * A delivery's worker proves it is alive this often; a process that died mid-send (killed, out of
   * memory) has its delivery retried once this lapses (pg-boss heartbeat, at least 10 s).
   */
  DELIVERY_HEARTBEAT_SECONDS: optional(z.coerce.number().int().min(10).max(600)),
  /** How often a working process looks for jobs that timed out or lost their worker (pg-boss monitor). */
  JOBS_MONITOR_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(600)),
});

/**
 * What the server runs with: the environment parsed by `envSchema` and completed by `toConfig` (defaults,
 * lists, derived settings). The type is its output, never written twice (docs/conventions.md).
 */
const configSchema = envSchema.transform(toConfig);

export type Config = z.output<typeof configSchema>;

/** Thrown for a missing or invalid variable; the message names it (main.ts prints it and exits 1). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${variable}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Defaults and derived settings; throws `ConfigError` for what the schema cannot check on one variable. */
function toConfig(e: z.output<typeof envSchema>) {
  const nodeEnv = e.NODE_ENV ?? 'development';
  const portNumber = e.PORT ?? 3000;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data'));
  const databaseUrl = e.DATABASE_URL ?? null;

  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    if (nodeEnv === 'production') {
      throw new ConfigError(
        'Invalid environment variable AUTH_SECRET: required in production (at least 32 characters)',
      );
    }
    authSecret = readOrCreateSecret(dataDir);
  }
  // Tokens name PUBLIC_URL as issuer and audience: instances left at their own http://localhost:$PORT
  // refuse each other's tokens behind a balancer (decision 009 "Outages", docs/deploy.md).
  if (nodeEnv === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid environment variable PUBLIC_URL: required in production (the address users reach, the same for every instance)',
    );
  }

  return {
    nodeEnv,
    port: portNumber,
    host: e.HOST ?? '0.0.0.0',
    /** `null` → embedded PGlite in `<dataDir>/pglite`. */
    databaseUrl,
    dataDir,
    authSecret,
    /** Origin the browser uses, without a trailing slash; also the JWT issuer and audience. */
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${portNumber}`).replace(/\/+$/, ''),
    // Demo data (with published passwords) on the embedded database by default; on a real PostgreSQL or
    // in production only when asked with SEED_DEMO=true (decision 009).
    seedDemo:
      databaseUrl === null && nodeEnv !== 'production' ? e.SEED_DEMO !== 'false' : e.SEED_DEMO === 'true',
    /** Rows of the demo sales fact table for the first organisation (reports and dashboards: at least 1,000,000). */
    seedSalesRows: e.SEED_SALES_ROWS ?? 1_000_000,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    idleTimeoutSeconds: e.IDLE_TIMEOUT_SECONDS ?? 1800,
    idleCountdownSeconds: e.IDLE_COUNTDOWN_SECONDS ?? 60,
    gaMeasurementId: e.GA_MEASUREMENT_ID ?? null,
    support: {
      postalAddress: e.SUPPORT_ADDRESS ?? 'Report Cockpit Support, Musterstraße 1, 10115 Berlin, Germany',
      phone: e.SUPPORT_PHONE ?? '+49 30 1234567',
      email: e.SUPPORT_EMAIL ?? 'support@example.com',
      knowledgeBaseUrl: {
        en: e.KNOWLEDGE_BASE_URL_EN ?? 'https://example.com/en/knowledge-base',
        de: e.KNOWLEDGE_BASE_URL_DE ?? 'https://example.com/de/wissensdatenbank',
      },
      tutorialUrl: {
        en: e.TUTORIAL_URL_EN ?? 'https://example.com/en/tutorial',
        de: e.TUTORIAL_URL_DE ?? 'https://example.com/de/tutorial',
      },
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir),
    /** `null` → counters live in this process's memory. */
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? 'cockpit:',
    /** CSP `frame-src` (decision 008): the only origins a report may be framed from. */
    reportFrameOrigins: parseOrigins('REPORT_FRAME_ORIGINS', e.REPORT_FRAME_ORIGINS),
    integrity: {
      // Measured in bench/integrity.bench.ts: well under a second in a browser on one core.
      /** Upper bound of the secret counter (difficulty); the counter is drawn from [max/2, max]. */
      maxNumber: e.INTEGRITY_MAX_NUMBER ?? 200,
      /** PBKDF2 iterations per try. */
      cost: e.INTEGRITY_COST ?? 5000,
      /** A challenge must be solved within this time (security hardening: at most 600 s). */
      challengeTtlSeconds: 600,
      /** Lifetime of the integrity token (security hardening: about one hour). */
      tokenTtlSeconds: 3600,
    },
    /** Sign-in rate limits (security hardening; ASVS: at most 100 failed attempts per account per hour). */
    signInLimits: {
      maxFailuresPerAccountPerHour: e.SIGN_IN_MAX_FAILURES_PER_ACCOUNT ?? 100,
      maxFailuresPerAddressPer15Minutes: e.SIGN_IN_MAX_FAILURES_PER_ADDRESS ?? 50,
      maxAttemptsPerAddressPerMinute: e.SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS ?? 60,
    },
    /**
     * Fastify's `trustProxy` (decision 009): `false` → the socket address is the client; a hop count, or
     * the addresses/CIDRs of the proxies whose `X-Forwarded-For` is believed. Sign-in limits key on it.
     */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** Absolute session lifetime in seconds (ASVS 7.3.2; the idle limit is `idleTimeoutSeconds`). */
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS ?? 12 * 3600,
    /** Report and tile queries (decision 009: one member cannot stall the server). */
    reportLimits: {
      maxConcurrentPerUser: e.REPORT_MAX_CONCURRENT_PER_USER ?? 4,
      statementTimeoutMs: e.REPORT_STATEMENT_TIMEOUT_MS ?? 10_000,
    },
    /** Uploaded tables (decision 027): larger files or more rows → 413. */
    uploadLimits: {
      maxBytes: e.UPLOAD_MAX_MEGABYTES ? e.UPLOAD_MAX_MEGABYTES * 1024 * 1024 : uploadLimits.maxBytes,
      maxRows: e.UPLOAD_MAX_ROWS ?? uploadLimits.maxRows,
    },
    /** Prometheus metrics (decision 018): `null` → off (no `/metrics` anywhere). */
    metrics:
      e.METRICS_TOKEN || e.METRICS_PORT
        ? {
            /** Bearer token `/metrics` requires; `null` only when served on its own port without one. */
            token: e.METRICS_TOKEN ?? null,
            /** `null` → on the API port at `/metrics` (then `token` is set). */
            port: e.METRICS_PORT ?? null,
            // Its own port is for a scraper on the same host or network; loopback unless asked.
            host: e.METRICS_HOST ?? '127.0.0.1',
          }
        : null,
    /**
     * SSO_ALLOWED_HOSTS (decision 020): host names and addresses/CIDRs of single-sign-on providers on a
     * private network, which the public-address rule (lib/public-address.ts) would otherwise refuse.
     */
    ssoAllowedHosts: parseAllowedHostList('SSO_ALLOWED_HOSTS', e.SSO_ALLOWED_HOSTS),
    /** SSO_DNS_SERVERS (decision 020): where the domain proofs' TXT records are asked; `[]` → the system's resolver. */
    ssoDnsServers: parseDnsServers(e.SSO_DNS_SERVERS),
    /**
     * DATA_SOURCE_HOSTS (decision 027): where data source connections may go besides public addresses —
     * host names and addresses/CIDRs; the cockpit's own database server only when listed here.
     */
    dataSourceHosts: parseAllowedHostList('DATA_SOURCE_HOSTS', e.DATA_SOURCE_HOSTS),
    /** Mail (decision 029): `smtpUrl: null` → mails are written to the outbox administrators read. */
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? 'Report Cockpit <cockpit@localhost>' },
    /**
     * Background work (decision 029): `true` → this process works the durable jobs (deliveries, schedules,
     * alerts) and runs the schedules; `false` → it only queues them for processes that do.
     * Tests build many apps: only those about background work start workers (BACKGROUND_JOBS=true).
     */
    backgroundJobs: (e.BACKGROUND_JOBS ?? (nodeEnv === 'test' ? 'false' : 'true')) === 'true',
    /** A failed delivery is tried `retries` more times, waiting `retryDelaySeconds` × 2ⁿ (decision 029). */
    deliveries: {
      retries: e.DELIVERY_RETRIES ?? 3,
      retryDelaySeconds: e.DELIVERY_RETRY_DELAY_SECONDS ?? 60,
      // One delivery (report, charts, mail) is ended after this long and tried again.
      timeoutSeconds: 180,
      heartbeatSeconds: e.DELIVERY_HEARTBEAT_SECONDS ?? 30,
    },
    /** How often a working process checks for timed-out jobs and jobs whose worker died (decision 029). */
    jobsMonitorIntervalSeconds: e.JOBS_MONITOR_INTERVAL_SECONDS ?? 30,
  };
}

/** SSO_DNS_SERVERS: comma-separated `address[:port]` (IPv6 as `[address]:port`), as `dns.setServers` takes them. */
function parseDnsServers(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const entry of entries) {
    const match = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry) ?? /^([^:]+)(?::(\d{1,5}))?$/.exec(entry);
    const address = match?.[1] ?? entry;
    const portText = match?.[2];
    const portOk = portText === undefined || (Number(portText) >= 1 && Number(portText) <= 65535);
    if (isIP(address) === 0 || !portOk) {
      throw new ConfigError(
        `Invalid environment variable SSO_DNS_SERVERS: '${entry}' is not an IP address with an optional port`,
      );
    }
  }
  return entries;
}

/**
 * SSO_ALLOWED_HOSTS and DATA_SOURCE_HOSTS: comma-separated host names, addresses and CIDRs
 * (lib/public-address.ts checks each).
 */
function parseAllowedHostList(variable: string, value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  try {
    parseAllowedHosts(entries);
  } catch (error) {
    throw new ConfigError(`Invalid environment variable ${variable}: ${(error as Error).message}`);
  }
  return entries;
}

/**
 * TRUST_PROXY: `false`/unset, `true` is refused (every client could then choose its address), a hop
 * count (`1` = one proxy in front), or comma-separated IPv4/IPv6 addresses or CIDRs of the proxies
 * (`loopback`, `linklocal`, `uniquelocal` name the private ranges).
 */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  const fail = (why: string): never => {
    throw new ConfigError(`Invalid environment variable TRUST_PROXY: ${why}`);
  };
  if (value === undefined || value.trim() === 'false') return false;
  const text = value.trim();
  if (text === 'true')
    fail("'true' would believe any client's X-Forwarded-For; give a hop count or the proxies' addresses");
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) fail('a hop count must be between 1 and 10');
    return hops;
  }
  const entries = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const entry of entries) {
    // proxy-addr's names for the private ranges (127.0.0.0/8 and ::1; 169.254.0.0/16; 10/8, 172.16/12 …).
    if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') continue;
    const [address, prefix, extra] = entry.split('/');
    const ipVersion = address ? isIP(address) : 0;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (ipVersion === 6 ? 128 : 32));
    if (ipVersion === 0 || !prefixOk || extra !== undefined)
      fail(
        `'${entry}' is not an IP address or CIDR (use a hop count, or addresses like 10.0.0.1, 10.0.0.0/8)`,
      );
  }
  if (entries.length === 0) fail('empty list');
  return entries;
}

/** A comma-separated list of https origins (`https://host[:port]`, nothing after it). */
function parseOrigins(variable: string, value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      let url: URL;
      try {
        url = new URL(item);
      } catch {
        throw new ConfigError(`Invalid environment variable ${variable}: '${item}' is not a URL`);
      }
      const plainHost = /^[a-z0-9.-]+$/i.test(url.hostname); // no wildcards in a frame origin
      if (url.protocol !== 'https:' || !plainHost || url.origin !== item.replace(/\/+$/, '')) {
        throw new ConfigError(`Invalid environment variable ${variable}: '${item}' must be an https origin`);
      }
      return url.origin;
    });
}

/** Outside production a missing AUTH_SECRET is generated once and kept beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
