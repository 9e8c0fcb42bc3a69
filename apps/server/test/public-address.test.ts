import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { discoverProvider, DiscoveryError } from '../src/features/single-sign-on/provider-discovery';
import { createGuardedFetch } from '../src/lib/guarded-fetch';
import { createSystemNameResolver } from '../src/lib/name-resolver';
import {
  addressKind,
  AddressRefusedError,
  createPublicAddressRule,
  isLoopbackHost,
  noAllowedHosts,
  parseAllowedHosts,
} from '../src/lib/public-address';
import { testConfig } from './helpers/build-test-app';
import { fakeNameResolver } from './helpers/fake-name-resolver';
import { startTestDnsServer } from './helpers/test-dns-server';

// The public-address rule (lib/public-address.ts, decision 020): which hosts the server connects to on
// an administrator's behalf — checked before and again at connect time — and SSO_ALLOWED_HOSTS.

describe('address kinds', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['2606:4700::6810:85e5', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.178.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['fc12:3456::1', 'unique-local'],
    ['224.0.0.1', 'special'],
    ['255.255.255.255', 'special'],
    ['192.0.2.1', 'special'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'special'],
    ['::7f00:1', 'special'],
    ['64:ff9b::a00:1', 'special'],
    ['2002:7f00:1::', 'special'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('names loopback hosts: literals, localhost and *.localhost', () => {
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:7f00:1]', 'localhost', 'idp.localhost', 'LOCALHOST.'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['example.com', 'localhost.example.com', '10.0.0.1', '[::]'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('the rule', () => {
  const dns = fakeNameResolver();
  dns.hosts.set('idp.example.com', ['93.184.216.34', '2606:4700::6810:85e5']);
  dns.hosts.set('mixed.example.com', ['93.184.216.34', '10.0.0.7']);
  dns.hosts.set('internal.corp.example', ['10.20.1.5']);
  dns.hosts.set('metadata.example.com', ['169.254.169.254']);
  dns.hosts.set('mapped.example.com', ['::ffff:192.168.1.1']);
  const rule = createPublicAddressRule({ resolver: dns });

  it('passes a name whose every address is public', async () => {
    await expect(rule.check('idp.example.com')).resolves.toEqual(['93.184.216.34', '2606:4700::6810:85e5']);
    await expect(rule.check('93.184.216.34')).resolves.toEqual(['93.184.216.34']);
  });

  it.each([
    ['mixed.example.com', /10\.0\.0\.7, a private address/],
    ['internal.corp.example', /private/],
    ['metadata.example.com', /link-local/],
    ['mapped.example.com', /private/],
    ['127.0.0.1', /loopback/],
    ['[::ffff:127.0.0.1]', /loopback/],
    ['0.0.0.0', /unspecified/],
    ['[::]', /unspecified/],
    ['idp.localhost', /loopback/],
    ['100.64.1.1', /shared/],
    ['[fd12::1]', /unique-local/],
    ['unknown.example.com', /does not resolve/],
  ])('refuses %s', async (host, reason) => {
    await expect(rule.check(host)).rejects.toThrow(reason);
    await expect(rule.check(host)).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it('passes loopback only where allowed, and what the operator lists', async () => {
    const local = createPublicAddressRule({ resolver: dns, allowLoopback: true });
    await expect(local.check('127.0.0.1')).resolves.toEqual(['127.0.0.1']);
    await expect(local.check('10.0.0.1')).rejects.toThrow(/private/);
    const corp = createPublicAddressRule({
      resolver: dns,
      allowedHosts: parseAllowedHosts(['internal.corp.example', '172.16.0.0/12', '192.168.1.1']),
    });
    await expect(corp.check('internal.corp.example')).resolves.toEqual(['10.20.1.5']);
    await expect(corp.check('172.20.3.4')).resolves.toEqual(['172.20.3.4']);
    await expect(corp.check('mapped.example.com')).resolves.toEqual(['::ffff:192.168.1.1']);
    await expect(corp.check('10.20.1.5')).rejects.toThrow(/private/);
  });

  it('checks again at connect time: the socket gets only checked addresses', async () => {
    const asked = await new Promise<unknown>((resolve) =>
      rule.lookup('metadata.example.com', { all: true }, (error, addresses) => resolve(error ?? addresses)),
    );
    expect(asked).toBeInstanceOf(AddressRefusedError);
    const good = await new Promise<unknown>((resolve) =>
      rule.lookup('idp.example.com', { all: true, family: 4 }, (error, addresses) =>
        resolve(error ?? addresses),
      ),
    );
    expect(good).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});

describe('the guarded fetch', () => {
  let server: http.Server;
  let port: number;
  const requests: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => void server.close());

  it('refuses a name that resolves to a public address when checked and to loopback when connecting (DNS rebinding)', async () => {
    const dns = fakeNameResolver();
    let lookups = 0;
    dns.hosts.set('rebind.example.com', () => (lookups++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']));
    const guarded = createGuardedFetch({
      rule: createPublicAddressRule({ resolver: dns }),
      allowPlainHttp: true,
    });
    await expect(guarded(`http://rebind.example.com:${port}/secret`)).rejects.toBeInstanceOf(
      AddressRefusedError,
    );
    expect(lookups).toBe(2);
    expect(requests).not.toContain('/secret');
  });

  it('connects to the checked address, and refuses plain http unless allowed', async () => {
    const dns = fakeNameResolver();
    dns.hosts.set('here.example.com', ['127.0.0.1']);
    const rule = createPublicAddressRule({ resolver: dns, allowLoopback: true });
    const local = createGuardedFetch({ rule, allowPlainHttp: true });
    const response = await local(`http://here.example.com:${port}/ok`, {
      method: 'POST',
      body: new URLSearchParams({ a: '1' }),
    });
    expect(await response.json()).toEqual({ ok: true });
    expect(requests).toContain('/ok');
    const httpsOnly = createGuardedFetch({ rule, allowPlainHttp: false });
    await expect(httpsOnly(`http://here.example.com:${port}/plain`)).rejects.toThrow(/https only/);
    expect(requests).not.toContain('/plain');
  });
});

describe('provider discovery in production', () => {
  const client = { clientId: 'cockpit', clientSecret: 'secret-never-sent-0123456789' };

  it('refuses an issuer whose name resolves to an internal address, before connecting', async () => {
    const dns = fakeNameResolver();
    dns.hosts.set('idp.example.com', ['10.0.0.5']);
    const refusal = discoverProvider(
      { ...client, issuerUrl: 'https://idp.example.com' },
      { production: true, allowedHosts: noAllowedHosts, resolver: dns },
    );
    await expect(refusal).rejects.toBeInstanceOf(DiscoveryError);
    await expect(refusal).rejects.toThrow(/not allowed: .*10\.0\.0\.5, a private address/);
  });

  it('refuses a loopback issuer even over https, and an issuer that rebinds to loopback', async () => {
    const dns = fakeNameResolver();
    let lookups = 0;
    dns.hosts.set('rebind.example.com', () => (lookups++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']));
    const policy = { production: true, allowedHosts: noAllowedHosts, resolver: dns };
    await expect(discoverProvider({ ...client, issuerUrl: 'https://127.0.0.1:1' }, policy)).rejects.toThrow(
      /loopback/,
    );
    await expect(
      discoverProvider({ ...client, issuerUrl: 'https://rebind.example.com' }, policy),
    ).rejects.toThrow(/loopback/);
  });
});

describe('SSO_ALLOWED_HOSTS', () => {
  it('takes host names, addresses and CIDRs', () => {
    expect(
      testConfig({ SSO_ALLOWED_HOSTS: 'idp.corp.example, 10.0.0.0/8,fd00::/8 , 192.168.1.5' })
        .ssoAllowedHosts,
    ).toEqual(['idp.corp.example', '10.0.0.0/8', 'fd00::/8', '192.168.1.5']);
    expect(testConfig().ssoAllowedHosts).toEqual([]);
  });

  it('stops start-up on an entry that is neither, naming the variable', () => {
    expect(() => testConfig({ SSO_ALLOWED_HOSTS: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => testConfig({ SSO_ALLOWED_HOSTS: 'idp.corp.example,http://x' })).toThrow(
      /SSO_ALLOWED_HOSTS: 'http:\/\/x'/,
    );
  });
});

describe('SSO_DNS_SERVERS', () => {
  it('asks the domain proofs of the configured DNS servers', async () => {
    const server = await startTestDnsServer();
    try {
      server.txtRecords.set('_report-cockpit.proof.example', ['report-cockpit-verification=abc', 'other']);
      expect(testConfig({ SSO_DNS_SERVERS: server.address }).ssoDnsServers).toEqual([server.address]);
      const resolver = createSystemNameResolver({ txtServers: [server.address] });
      expect(await resolver.txt('_report-cockpit.proof.example')).toEqual([
        'report-cockpit-verification=abc',
        'other',
      ]);
      expect(await resolver.txt('_report-cockpit.none.example')).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('stops start-up on an entry that is not an address', () => {
    expect(testConfig({ SSO_DNS_SERVERS: '1.1.1.1, [2606:4700:4700::1111]:53' }).ssoDnsServers).toHaveLength(
      2,
    );
    expect(() => testConfig({ SSO_DNS_SERVERS: 'dns.example.com' })).toThrow(
      /SSO_DNS_SERVERS: 'dns.example.com'/,
    );
  });
});
