import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cockpit-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const secret = 's'.repeat(32);

  it('has defaults for a zero-configuration start on the embedded database', () => {
    const config = loadConfig({ AUTH_SECRET: secret });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      idleTimeoutSeconds: 1800,
      idleCountdownSeconds: 60,
      gaMeasurementId: null,
    });
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(config.dataDir.endsWith(`${path.sep}data`)).toBe(true);
    expect(config.support.knowledgeBaseUrl.en).toMatch(/^https:\/\//);
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ AUTH_SECRET: secret, PORT: '3999' }).publicUrl).toBe('http://localhost:3999');
    expect(loadConfig({ AUTH_SECRET: secret, PUBLIC_URL: 'https://cockpit.example/' }).publicUrl).toBe(
      'https://cockpit.example',
    );
  });

  it('seeds on PGlite unless SEED_DEMO=false, on PostgreSQL only with SEED_DEMO=true', () => {
    const pg = 'postgres://u@localhost/db';
    expect(loadConfig({ AUTH_SECRET: secret, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ AUTH_SECRET: secret, DATABASE_URL: pg }).seedDemo).toBe(false);
    expect(loadConfig({ AUTH_SECRET: secret, DATABASE_URL: pg, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('seeds no demo data in production unless SEED_DEMO=true is set explicitly', () => {
    const production = {
      AUTH_SECRET: secret,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cockpit.example.com',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ AUTH_SECRET: secret, NODE_ENV: 'test' }).seedDemo).toBe(true);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses', () => {
    expect(loadConfig({ AUTH_SECRET: secret }).trustProxy).toBe(false);
    expect(loadConfig({ AUTH_SECRET: secret, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ AUTH_SECRET: secret, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ AUTH_SECRET: secret, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['true', '0', '11', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', ' , ']) {
      expect(() => loadConfig({ AUTH_SECRET: secret, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('ends sessions after 12 hours unless SESSION_MAX_AGE_SECONDS says otherwise', () => {
    expect(loadConfig({ AUTH_SECRET: secret }).sessionMaxAgeSeconds).toBe(43_200);
    expect(loadConfig({ AUTH_SECRET: secret, SESSION_MAX_AGE_SECONDS: '3600' }).sessionMaxAgeSeconds).toBe(
      3600,
    );
    expect(() => loadConfig({ AUTH_SECRET: secret, SESSION_MAX_AGE_SECONDS: '10' })).toThrow(
      /SESSION_MAX_AGE_SECONDS/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ AUTH_SECRET: secret, PORT: '', GA_MEASUREMENT_ID: '' })).toMatchObject({
      port: 3000,
      gaMeasurementId: null,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['AUTH_SECRET', 'too-short'],
    ['PUBLIC_URL', 'not a url'],
    ['SEED_DEMO', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['IDLE_TIMEOUT_SECONDS', '-5'],
    ['GA_MEASUREMENT_ID', 'UA-12345'],
    ['SUPPORT_EMAIL', 'not-an-email'],
    ['KNOWLEDGE_BASE_URL_EN', 'http://example.com/plain-http'],
    ['NODE_ENV', 'staging'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ AUTH_SECRET: secret, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_SECRET: secret, [name]: value })).toThrow(name);
  });

  it('requires AUTH_SECRET in production', () => {
    const publicUrl = 'https://cockpit.example.com';
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), PUBLIC_URL: publicUrl })).toThrow(
      /AUTH_SECRET/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, PUBLIC_URL: publicUrl }).authSecret,
    ).toBe(secret);
  });

  // Decision 009 "Outages": tokens name PUBLIC_URL as issuer and audience; instances defaulting to
  // http://localhost:$PORT refused each other's tokens behind a balancer.
  it('requires PUBLIC_URL in production, with a message naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, PORT: '3001' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, PORT: '3001' })).toThrow(
      /Invalid environment variable PUBLIC_URL: required in production/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: secret,
      PUBLIC_URL: 'https://cockpit.example.com/',
    });
    expect(config.publicUrl).toBe('https://cockpit.example.com');
    // Outside production the default stays: one local instance.
    expect(loadConfig({ AUTH_SECRET: secret, PORT: '3001' }).publicUrl).toBe('http://localhost:3001');
  });

  it('outside production generates AUTH_SECRET once and keeps it in DATA_DIR', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(existsSync(file)).toBe(true);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });
});
