import { createHmac, hkdfSync } from 'node:crypto';
import type { NameResolver } from '../../lib/name-resolver';

/**
 * Proof that an e-mail domain belongs to an organisation (docs/decisions/020-single-sign-on.md): before a
 * domain routes sign-ins to the organisation's provider or creates accounts there, an administrator puts
 * a DNS TXT record `_report-cockpit.<domain>` with the value `report-cockpit-verification=<token>`, and
 * presses "Verify". The token is the organisation's own (an HMAC of its id with a key derived from
 * AUTH_SECRET): the same for all its domains, another organisation's token proves nothing for it.
 */
export const domainProofPrefix = '_report-cockpit';
const valuePrefix = 'report-cockpit-verification=';

export function createDomainProofs(authSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', authSecret, 'report-cockpit', 'single-sign-on domain proof v1', 32),
  );

  function recordValueOf(organisationId: string): string {
    return `${valuePrefix}${createHmac('sha256', key).update(organisationId).digest('base64url').slice(0, 32)}`;
  }

  return {
    recordValueOf,
    recordName: (domain: string) => `${domainProofPrefix}.${domain}`,
    /** Whether the domain's TXT records carry this organisation's value. */
    async proven(resolver: NameResolver, organisationId: string, domain: string): Promise<boolean> {
      const records = await resolver.txt(`${domainProofPrefix}.${domain}`);
      const expected = recordValueOf(organisationId);
      return records.some((record) => record.trim() === expected);
    },
  };
}

export type DomainProofs = ReturnType<typeof createDomainProofs>;
