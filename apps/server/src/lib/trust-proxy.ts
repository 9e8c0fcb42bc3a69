/** TRUST_PROXY as config.ts reads it: off, a hop count, or the proxies' addresses and CIDRs. */
export type TrustProxySetting = false | number | string[];

/**
 * Fastify's `trustProxy` for TRUST_PROXY (decision 009). Addresses and CIDRs pass through as they are.
 * A hop count becomes a function: Fastify 5.12 ignores a numeric `trustProxy` on purpose (a client that
 * reaches the server directly could send as many `X-Forwarded-For` hops as it likes), so a hop count is
 * for set-ups where nothing but the proxies can reach the server; the proxies' addresses are safer.
 */
export function trustProxyOption(
  setting: TrustProxySetting,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  // Hop 0 is the socket's peer: trusting `hops` of them makes the address behind the last one the client.
  return (_address, hop) => hop < hops;
}
