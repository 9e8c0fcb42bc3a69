import * as oidc from 'openid-client';
import { allowsPlainHttp } from './issuer-policy';

/** Why a provider's discovery document cannot be used (shown to the administrator on save). */
export class DiscoveryError extends Error {
  override name = 'DiscoveryError';
}

export interface ProviderClient {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** A discovery request that takes longer than this counts as "provider unavailable". */
const discoveryTimeoutSeconds = 10;

/**
 * Fetches and validates the provider's discovery document with openid-client (which also checks that
 * the document's `issuer` is exactly the issuer URL) and returns the client configuration used for
 * the authorisation code flow. The document must offer what the flow needs: the authorisation and
 * token endpoints, signing keys, the `code` response type and, where methods are listed, PKCE `S256`.
 */
export async function discoverProvider(client: ProviderClient): Promise<oidc.Configuration> {
  let configuration: oidc.Configuration;
  try {
    configuration = await oidc.discovery(
      new URL(client.issuerUrl),
      client.clientId,
      client.clientSecret,
      oidc.ClientSecretPost(client.clientSecret),
      {
        timeout: discoveryTimeoutSeconds,
        // Only loopback issuers may use plain http (issuer-policy.ts).
        execute: allowsPlainHttp(client.issuerUrl) ? [oidc.allowInsecureRequests] : [],
      },
    );
  } catch (error) {
    throw new DiscoveryError(describeDiscoveryFailure(error));
  }
  const metadata = configuration.serverMetadata();
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
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' || code === 'OAUTH_INVALID_RESPONSE') {
    return 'The discovery document is not valid for this issuer URL (its "issuer" must be exactly the issuer URL).';
  }
  if (code === 'OAUTH_RESPONSE_IS_NOT_JSON' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    return 'The issuer URL does not serve an OpenID Connect discovery document.';
  }
  return 'The discovery document could not be fetched from the issuer URL (/.well-known/openid-configuration).';
}
