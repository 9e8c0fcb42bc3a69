import type { Config } from '../../config';
import type { NameResolver } from '../../lib/name-resolver';
import { parseAllowedHosts } from '../../lib/public-address';
import type { ProviderAddressPolicy } from './provider-discovery';

/** The address rule for providers from the configuration (issuer-policy.ts, SSO_ALLOWED_HOSTS). */
export function providerAddressPolicy(config: Config, resolver: NameResolver): ProviderAddressPolicy {
  return {
    production: config.nodeEnv === 'production',
    allowedHosts: parseAllowedHosts(config.ssoAllowedHosts),
    resolver,
  };
}
