import * as oidc from 'openid-client';
import { createGuardedFetch } from '../../lib/guarded-fetch';
import type { NameResolver } from '../../lib/name-resolver';
import { AddressRefusedError, type AllowedHosts, createPublicAddressRule } from '../../lib/public-address';
import { endpointsOf, endpointUrlProblem, isLocalProvider } from './issuer-policy';

/** Why a provider's discovery document cannot be used (shown to the administrator on save). */
export class DiscoveryError extends Error {
  override name = 'DiscoveryError';
}

export interface ProviderClient {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Which addresses the server may reach providers at (issuer-policy.ts, lib/public-address.ts). */
export interface ProviderAddressPolicy {
  production: boolean;
  /** SSO_ALLOWED_HOSTS: providers on a private network the operator allows. */
  allowedHosts: AllowedHosts;
  resolver: NameResolver;
}

/** A discovery request that takes longer than this counts as "provider unavailable". */
const discoveryTimeoutSeconds = 10;

/**
 * Fetches and validates the provider's discovery document with openid-client (which also checks that
 * the document's `issuer` is exactly the issuer URL) and returns the client configuration used for
 * the authorisation code flow. The document must offer what the flow needs: the authorisation and
 * token endpoints, signing keys, the `code` response type and, where methods are listed, PKCE `S256`.
 *
 * The issuer and every endpoint of the document must pass the address rule (issuer-policy.ts), and
 * every request of the configuration — discovery, token, keys — goes through a fetch that checks the
 * address again when it connects (no DNS rebinding) and allows plain http only for a local provider.
 */
export async function discoverProvider(
  client: ProviderClient,
  policy: ProviderAddressPolicy,
): Promise<oidc.Configuration> {
  const local = isLocalProvider(client.issuerUrl, { production: policy.production });
  const rule = createPublicAddressRule({
    resolver: policy.resolver,
    allowedHosts: policy.allowedHosts,
    allowLoopback: local,
  });
  const guardedFetch = createGuardedFetch({ rule, allowPlainHttp: local });
  let configuration: oidc.Configuration;
  try {
    configuration = await oidc.discovery(
      new URL(client.issuerUrl),
      client.clientId,
      client.clientSecret,
      oidc.ClientSecretPost(client.clientSecret),
      {
        timeout: discoveryTimeoutSeconds,
        [oidc.customFetch]: guardedFetch as oidc.CustomFetch,
        // openid-client's own https check; ours is the guarded fetch's, per request.
        execute: local ? [oidc.allowInsecureRequests] : [],
      },
    );
  } catch (error) {
    throw new DiscoveryError(describeDiscoveryFailure(error));
  }
  const metadata = configuration.serverMetadata();
  for (const { field, url } of endpointsOf(metadata)) {
    const problem = endpointUrlProblem(field, url, { local });
    if (problem) throw new DiscoveryError(problem);
    try {
      await rule.check(new URL(url).hostname);
    } catch (error) {
      if (error instanceof AddressRefusedError) {
        throw new DiscoveryError(`The discovery document's ${field}: ${error.message}.`);
      }
      throw error;
    }
  }
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter(
    (field) => typeof metadata[field] !== 'string',
  );
  if (missing.length > 0) {
    throw new DiscoveryError(`The discovery document has no ${missing.join(', ')}.`);
  }
  if (
    Array.isArray(metadata.response_types_supported) &&
    !metadata.response_types_supported.includes('code')
  ) {
    throw new DiscoveryError(
      'The provider does not offer the authorisation code flow (response type "code").',
    );
  }
  const pkceMethods = metadata.code_challenge_methods_supported;
  if (Array.isArray(pkceMethods) && !pkceMethods.includes('S256')) {
    throw new DiscoveryError('The provider does not support PKCE with S256.');
  }
  return configuration;
}

function describeDiscoveryFailure(error: unknown): string {
  const refused = addressRefusal(error);
  if (refused) return `The issuer URL is not allowed: ${refused.message}.`;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' || code === 'OAUTH_INVALID_RESPONSE') {
    return 'The discovery document is not valid for this issuer URL (its "issuer" must be exactly the issuer URL).';
  }
  if (code === 'OAUTH_RESPONSE_IS_NOT_JSON' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    return 'The issuer URL does not serve an OpenID Connect discovery document.';
  }
  return 'The discovery document could not be fetched from the issuer URL (/.well-known/openid-configuration).';
}

/** The address rule's refusal, thrown by the guarded fetch (openid-client may wrap it as its cause). */
function addressRefusal(error: unknown): AddressRefusedError | null {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (current instanceof AddressRefusedError) return current;
    if ((current as { code?: unknown }).code === 'ADDRESS_REFUSED' && current instanceof Error) {
      return new AddressRefusedError(current.message);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
