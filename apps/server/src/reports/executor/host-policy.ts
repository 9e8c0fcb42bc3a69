import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ServerIdentity } from './account-privileges';
import { type NameResolver, systemNameResolver } from '../../lib/name-resolver';
import {
  AddressRefusedError,
  type AllowedHosts,
  addressKind,
  createPublicAddressRule,
  parseAllowedHosts,
} from '../../lib/public-address';

// Where data source connections may go (docs/decisions/027-reports-over-own-data.md): DATA_SOURCE_HOSTS
// (host names and CIDRs); otherwise only public addresses (the rule of single sign-on,
// lib/public-address.ts). The cockpit's own database server is refused unless listed, and the cockpit's
// own database on it is refused even then. Checked when a source is saved and again when a pool is
// opened: the pool connects to the very address that was checked (no DNS rebinding in between). Each new
// PostgreSQL connection applies the same rule by the server's identity (`identityProblem`, decision 041),
// which no spelling of host or port escapes.

/** The cockpit's own database (from DATABASE_URL; `null` on the embedded one). */
export interface OwnDatabase {
  host: string;
  port: number;
  database: string;
}

export function ownDatabaseOf(databaseUrl: string | null): OwnDatabase | null {
  if (!databaseUrl) return null;
  const url = new URL(databaseUrl);
  return {
    host: decodeURIComponent(url.hostname) || 'localhost',
    port: Number(url.port || 5432),
    database:
      decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username) || 'postgres',
  };
}

export class DataSourceHostRefused extends Error {
  override name = 'DataSourceHostRefused';
}

export interface DataSourceTarget {
  kind: 'postgres' | 'mysql';
  host: string;
  port: number;
  database: string;
}

export interface DataSourceHostPolicy {
  /** Why connections to `host` (or this exact database) are not allowed; `null` when they are. */
  problem(host: string, target?: Omit<DataSourceTarget, 'host'>): Promise<string | null>;
  /** The checked address to connect to; throws DataSourceHostRefused. */
  resolve(target: DataSourceTarget): Promise<string>;
  /**
   * The same rule by identity, once a connection reached `found` (PostgreSQL's system identifier): the
   * cockpit's own server is refused unless `host` is listed, and the cockpit's own database on it always,
   * however the host, address or port is written. `null` when allowed.
   */
  identityProblem(host: string, address: string, found: ServerIdentity, own: ServerIdentity): string | null;
}

export interface HostPolicyOptions {
  /** DATA_SOURCE_HOSTS entries: host names, addresses, CIDRs. */
  allowed: readonly string[];
  ownDatabase: OwnDatabase | null;
  resolver?: NameResolver;
}

const bare = (text: string) => text.replace(/^\[|\]$/g, '').toLowerCase();

function listed(allowed: AllowedHosts, host: string, address: string): boolean {
  if (allowed.names.has(bare(host).replace(/\.$/, ''))) return true;
  const parsed = ipaddr.process(bare(address));
  return allowed.ranges.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits));
}

/** Two addresses of the same machine: equal, or both loopback. */
function sameMachine(a: string, b: string): boolean {
  const left = ipaddr.process(bare(a));
  const right = ipaddr.process(bare(b));
  if (left.kind() === right.kind() && left.toString() === right.toString()) return true;
  return addressKind(a) === 'loopback' && addressKind(b) === 'loopback';
}

export function createDataSourceHostPolicy(options: HostPolicyOptions): DataSourceHostPolicy {
  const allowed = parseAllowedHosts(options.allowed);
  const resolver = options.resolver ?? systemNameResolver;
  const rule = createPublicAddressRule({ resolver, allowedHosts: allowed });
  const own = options.ownDatabase;

  const addressesOf = async (host: string): Promise<string[]> => {
    const name = bare(host);
    if (isIP(name) !== 0) return [name];
    if (name === 'localhost' || name.endsWith('.localhost')) return ['127.0.0.1', '::1'];
    return resolver.addresses(name).catch(() => []);
  };

  const check = async (host: string, target?: Omit<DataSourceTarget, 'host'>): Promise<string[]> => {
    let addresses: string[];
    try {
      addresses = await rule.check(host);
    } catch (error) {
      if (error instanceof AddressRefusedError) {
        throw new DataSourceHostRefused(`${error.message}; an operator can allow it in DATA_SOURCE_HOSTS`);
      }
      throw error;
    }
    if (own) {
      const ownAddresses = await addressesOf(own.host);
      const onOwnServer = addresses.filter((address) =>
        ownAddresses.some((mine) => sameMachine(address, mine)),
      );
      if (onOwnServer.some((address) => !listed(allowed, host, address))) {
        throw new DataSourceHostRefused(
          `${host} is the cockpit's own database server; an operator can allow it in DATA_SOURCE_HOSTS`,
        );
      }
      const sameDatabase =
        target !== undefined &&
        target.kind === 'postgres' &&
        target.port === own.port &&
        target.database.toLowerCase() === own.database.toLowerCase();
      if (onOwnServer.length > 0 && sameDatabase) {
        throw new DataSourceHostRefused(
          `${host}:${target.port}/${target.database} is the cockpit's own database`,
        );
      }
    }
    return addresses;
  };

  return {
    async problem(host, target) {
      try {
        await check(host, target);
        return null;
      } catch (error) {
        if (error instanceof DataSourceHostRefused) return error.message;
        throw error;
      }
    },
    identityProblem(host, address, found, own) {
      if (found.systemIdentifier !== own.systemIdentifier) return null;
      if (found.database === own.database) return `${host}/${found.database} is the cockpit's own database`;
      if (!listed(allowed, host, address)) {
        return `${host} is the cockpit's own database server; an operator can allow it in DATA_SOURCE_HOSTS`;
      }
      return null;
    },
    async resolve(target) {
      const [address] = await check(target.host, target);
      if (!address) throw new DataSourceHostRefused(`${target.host} does not resolve to an address`);
      return address;
    },
  };
}

/** The check on its own (management's save): why connections to `host` are refused, or null when allowed. */
export async function checkDataSourceHost(
  host: string,
  options: HostPolicyOptions & { target?: Omit<DataSourceTarget, 'host'> },
): Promise<string | null> {
  return createDataSourceHostPolicy(options).problem(host, options.target);
}
