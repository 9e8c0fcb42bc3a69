import type { NameResolver } from '../../src/lib/name-resolver';

/**
 * DNS for the single-sign-on tests (decision 020): host names and TXT records the test sets, and a log
 * of what was asked. A name it does not know does not resolve.
 */
export interface FakeNameResolver extends NameResolver {
  /** Host name → its addresses; a function answers differently on each lookup (DNS rebinding). */
  hosts: Map<string, string[] | (() => string[])>;
  /** Name → TXT records. */
  txtRecords: Map<string, string[]>;
  /** Every host name looked up, in order. */
  asked: string[];
}

export function fakeNameResolver(): FakeNameResolver {
  const hosts = new Map<string, string[] | (() => string[])>();
  const txtRecords = new Map<string, string[]>();
  const asked: string[] = [];
  return {
    hosts,
    txtRecords,
    asked,
    async addresses(hostname) {
      asked.push(hostname);
      const entry = hosts.get(hostname.toLowerCase());
      const addresses = typeof entry === 'function' ? entry() : entry;
      if (!addresses)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses;
    },
    async txt(name) {
      return txtRecords.get(name.toLowerCase()) ?? [];
    },
  };
}
