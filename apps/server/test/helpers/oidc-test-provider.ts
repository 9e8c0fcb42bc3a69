import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider in-process (the certified `oidc-provider` package) on a loopback port,
 * for the single-sign-on tests (decision 020): discovery, its own login and consent pages (its
 * development interactions: any login name is an account id, any password), PKCE, ID tokens. Used by
 * test/single-sign-on.test.ts and, as a process of its own, by the browser journey (e2e/oidc-provider.ts).
 */
export interface TestAccountClaims {
  email: string;
  email_verified: boolean;
  name?: string;
  /** Claims a directory may carry, mapped to user attributes (decision 027). */
  region?: string;
  groups?: string[];
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts its login page knows, by login name (= `sub`). */
  accounts: Map<string, TestAccountClaims>;
  /** Makes it unreachable (requests hang up) or reachable again. */
  setAvailable(available: boolean): void;
  close(): Promise<void>;
}

export interface OidcTestProviderOptions {
  /** Redirect URIs registered for the client (the cockpit's `/api/auth/sso/callback`). */
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}

export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const accounts = new Map<string, TestAccountClaims>();
  let handler: http.RequestListener = (_request, response) => response.end();
  let available = true;
  const server = http.createServer((request, response) => {
    if (!available) {
      request.socket.destroy();
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'cockpit-test-client';
  const clientSecret = options.clientSecret ?? `secret-${randomBytes(16).toString('hex')}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, id) {
      const claims = accounts.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'region', 'groups'] },
    // The claims of the requested scopes go into the ID token (as Google and Keycloak do).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: true } },
  });
  // Its development-only warnings would clutter the test output.
  provider.on('server_error', () => {});
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setAvailable(value) {
      available = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny cookie jar for one user agent talking to the provider. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }
}

export interface ProviderJourney {
  /** The account id to type into the provider's login page; `null` → press its Cancel (access denied). */
  login: string | null;
}

/**
 * Walks the provider's pages like a browser would, from the authorisation URL to the redirect back to
 * the app: its login form, then its consent form (or Cancel). Returns the app's callback URL with the
 * provider's answer (`code` and `state`, or `error`).
 */
export async function walkProviderPages(authorizationUrl: string, journey: ProviderJourney): Promise<URL> {
  const jar = new CookieJar();
  const providerOrigin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    if (url.origin !== providerOrigin) return url;
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.store(response);
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    if (journey.login === null) {
      const abort = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(html)?.[1];
      if (!abort) throw new Error('no Cancel link on the provider page');
      url = new URL(abort.replace(/&amp;/g, '&'), url);
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    method = 'POST';
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login: journey.login, password: 'any' } : { prompt },
    );
  }
  throw new Error('the provider did not send the browser back');
}
