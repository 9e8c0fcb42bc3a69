import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { NameResolver } from './name-resolver';

/**
 * THE rule for which hosts the server may connect to on an administrator's behalf: only public addresses
 * (decision 020 "Which addresses the server talks to", decision 027 "Where connections may go"). A name is checked before a
 * URL is saved (`check`) and again when the socket connects (`lookup`), so DNS rebinding is refused;
 * listed hosts and CIDRs, and loopback where a caller allows it, are the only exceptions.
 */

/** Why a host was refused; the message names the host (never shown for a secret). */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'ADDRESS_REFUSED';
}

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  /** Multicast, broadcast, reserved, documentation, IPv4-embedding IPv6 (6to4, Teredo, NAT64) … */
  | 'special';

/** `[::1]` → `::1`; `fe80::1%eth0` → `fe80::1`. */
const bareAddress = (text: string) => text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');

/** An IP address literal (IPv4 or IPv6, with or without brackets). */
export function isIpLiteral(text: string): boolean {
  return isIP(bareAddress(text)) !== 0;
}

/**
 * The kind of an IP address. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) counts as the IPv4 address it maps.
 * Throws for text that is not an IP address.
 */
export function addressKind(address: string): AddressKind {
  const text = bareAddress(address);
  if (isIP(text) === 0) throw new TypeError(`not an IP address: ${address}`);
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv6') {
    const parts = (parsed as ipaddr.IPv6).parts;
    // `::a.b.c.d` (IPv4-compatible, deprecated) embeds an IPv4 address; ipaddr.js calls it unicast.
    if (parts.slice(0, 6).every((part) => part === 0) && parts.some((part) => part !== 0) && text !== '::1') {
      return 'special';
    }
  }
  switch (parsed.range()) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'unspecified':
      return 'unspecified';
    case 'private':
      return 'private';
    case 'carrierGradeNat':
      return 'shared';
    case 'linkLocal':
      return 'link-local';
    case 'uniqueLocal':
      return 'unique-local';
    default:
      return 'special';
  }
}

/** `localhost` and every `*.localhost` name loopback (RFC 6761), whatever a resolver answers. */
export function isLocalhostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/** A loopback host: a loopback address literal (also IPv4-mapped) or a `localhost` name. */
export function isLoopbackHost(hostname: string): boolean {
  if (isLocalhostName(hostname)) return true;
  return isIpLiteral(hostname) && addressKind(hostname) === 'loopback';
}

/** Hosts an operator allows although they are not public: exact host names and address ranges. */
export interface AllowedHosts {
  names: ReadonlySet<string>;
  ranges: readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[];
}

export const noAllowedHosts: AllowedHosts = { names: new Set(), ranges: [] };

/**
 * A list like `idp.corp.example, 10.20.0.0/16, 192.168.1.5, fd00::/8` (host names are matched exactly,
 * case-insensitively; an address counts as a /32 or /128). Throws naming the first bad entry.
 */
export function parseAllowedHosts(entries: readonly string[]): AllowedHosts {
  const names = new Set<string>();
  const ranges: (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`'${raw}' is not a CIDR like 10.0.0.0/8`);
      ranges.push(ipaddr.parseCIDR(entry));
    } else if (isIP(bareAddress(entry)) !== 0) {
      const address = ipaddr.parse(bareAddress(entry));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(
        entry,
      )
    ) {
      names.add(entry);
    } else {
      throw new Error(`'${raw}' is neither a host name nor an IP address or CIDR`);
    }
  }
  return { names, ranges };
}

function inRanges(address: string, ranges: AllowedHosts['ranges']): boolean {
  const parsed = ipaddr.process(bareAddress(address));
  return ranges.some(([range, bits]) => {
    if (parsed.kind() === range.kind()) return parsed.match(range, bits);
    // An IPv4 range also covers the same addresses written as IPv4-mapped IPv6, and the other way round.
    if (parsed.kind() === 'ipv4' && range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress())
      return bits >= 96 && parsed.match((range as ipaddr.IPv6).toIPv4Address(), bits - 96);
    return false;
  });
}

export interface PublicAddressRuleOptions {
  resolver: NameResolver;
  /** The operator's exceptions (host names and CIDRs). */
  allowedHosts?: AllowedHosts;
  /** Loopback addresses pass too (a service on this machine, never in production). */
  allowLoopback?: boolean;
}

export interface PublicAddressRule {
  /** Whether a connection to `address` for `hostname` is allowed. */
  permits(hostname: string, address: string): boolean;
  /**
   * Resolves `hostname` (an address literal stands for itself) and answers its addresses when every
   * one is permitted; throws AddressRefusedError otherwise (also when it does not resolve).
   */
  check(hostname: string): Promise<string[]>;
  /**
   * A `lookup` for `net.connect`/`http.request`: resolves with the rule's resolver and hands the socket
   * only checked addresses, so the connection goes where the check looked (no DNS rebinding).
   */
  lookup: ConnectLookup;
}

/** The shape of `dns.lookup` that `net.connect` calls (with `all: true` when it tries several addresses). */
export type ConnectLookup = (
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

export function createPublicAddressRule(options: PublicAddressRuleOptions): PublicAddressRule {
  const allowed = options.allowedHosts ?? noAllowedHosts;

  function permits(hostname: string, address: string): boolean {
    if (allowed.names.has(hostname.toLowerCase().replace(/\.$/, ''))) return true;
    if (inRanges(address, allowed.ranges)) return true;
    const kind = addressKind(address);
    return kind === 'public' || (kind === 'loopback' && options.allowLoopback === true);
  }

  async function check(hostname: string): Promise<string[]> {
    const host = bareAddress(hostname);
    let addresses: string[];
    if (isIP(host) !== 0) {
      addresses = [host];
    } else if (isLocalhostName(host) && !allowed.names.has(host.toLowerCase())) {
      // RFC 6761: never asked of a resolver, always loopback.
      addresses = ['127.0.0.1'];
    } else {
      try {
        addresses = await options.resolver.addresses(host);
      } catch {
        throw new AddressRefusedError(`${hostname} does not resolve to an address`);
      }
      if (addresses.length === 0) throw new AddressRefusedError(`${hostname} does not resolve to an address`);
    }
    const refused = addresses.find((address) => !permits(host, address));
    if (refused !== undefined) {
      throw new AddressRefusedError(
        `${hostname} resolves to ${refused}, a ${addressKind(refused)} address (only public addresses are allowed)`,
      );
    }
    return addresses;
  }

  const lookup: ConnectLookup = (hostname, lookupOptions, callback) => {
    check(hostname).then(
      (addresses) => {
        const family = Number(
          lookupOptions.family === 'IPv6'
            ? 6
            : lookupOptions.family === 'IPv4'
              ? 4
              : (lookupOptions.family ?? 0),
        );
        const entries = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => family === 0 || entry.family === family);
        if (entries.length === 0) {
          callback(
            Object.assign(new Error(`${hostname}: no address of family ${family}`), { code: 'ENOTFOUND' }),
            [],
          );
        } else if (lookupOptions.all) {
          callback(null, entries);
        } else {
          callback(null, entries[0]!.address, entries[0]!.family);
        }
      },
      (error: Error) => callback(Object.assign(error, { code: 'ADDRESS_REFUSED' }), []),
    );
  };

  return { permits, check, lookup };
}
