import { promises as dns } from 'node:dns';

/**
 * The DNS questions the server asks about outside hosts and domains: the addresses a host name stands
 * for (public-address.ts) and a name's TXT records (domain proofs of single sign-on, decision 020).
 * One interface so that tests answer them without a DNS server.
 */
export interface NameResolver {
  /** Every IPv4 and IPv6 address of a host name; rejects when the name does not resolve. */
  addresses(hostname: string): Promise<string[]>;
  /** The TXT records of a name, each one's strings joined; `[]` when there are none. */
  txt(name: string): Promise<string[]>;
}

/** "No such name" and "no such record": an empty answer rather than a failure. */
const noAnswerCodes = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * The operating system's resolver (the same one `fetch` and `net.connect` use) for addresses; TXT records
 * from `txtServers` when given (`host[:port]`, SSO_DNS_SERVERS: e.g. public resolvers when the server's own
 * is an internal one that does not see the public records).
 */
export function createSystemNameResolver({
  txtServers = [],
}: { txtServers?: readonly string[] } = {}): NameResolver {
  const txtResolver = new dns.Resolver();
  if (txtServers.length > 0) txtResolver.setServers([...txtServers]);
  return {
    async addresses(hostname) {
      const found = await dns.lookup(hostname, { all: true, verbatim: true });
      return found.map((entry) => entry.address);
    },
    async txt(name) {
      try {
        return (await txtResolver.resolveTxt(name)).map((parts) => parts.join(''));
      } catch (error) {
        if (noAnswerCodes.has(String((error as { code?: unknown }).code))) return [];
        throw error;
      }
    },
  };
}

export const systemNameResolver: NameResolver = createSystemNameResolver();
