import http from 'node:http';
import { startOidcTestProvider } from '../apps/server/test/helpers/oidc-test-provider';
import { startTestDnsServer } from '../apps/server/test/helpers/test-dns-server';

/**
 * The OpenID provider of the single-sign-on journey (e2e/single-sign-on.spec.ts, decision 020), started
 * by playwright.config.ts as a web server of its own: the certified `oidc-provider` package on a loopback
 * port, with its own login and consent pages, and the accounts the journey signs in with. Beside it, the
 * DNS the app asks for the e-mail domains' proofs (SSO_DNS_SERVERS → UDP on the same port number) and, on
 * the next port, `POST /txt {"name","value"}` for the journey to publish a TXT record there.
 */
export const e2eProvider = {
  clientId: 'cockpit-e2e',
  clientSecret: 'e2e-client-secret-never-shown-0123456789',
  /** Login name on the provider's page → the claims it vouches for. */
  accounts: {
    anna: { email: 'anna@sso-e2e.example', email_verified: true, name: 'Anna Single' },
    bernd: { email: 'bernd@beispiel-sso-e2e.example', email_verified: true, name: 'Bernd Einmal' },
    carla: { email: 'carla@beispiel-sso-e2e.example', email_verified: false, name: 'Carla Unbestätigt' },
  },
} as const;

async function main() {
  const port = Number(process.env.OIDC_PORT);
  // One cockpit server per journey worker (playwright.config.ts): each may sign in here.
  const appOrigins = (process.env.APP_ORIGINS ?? '').split(',');
  const provider = await startOidcTestProvider({
    port,
    redirectUris: appOrigins.map((origin) => `${origin}/api/auth/sso/callback`),
    clientId: e2eProvider.clientId,
    clientSecret: e2eProvider.clientSecret,
  });
  for (const [login, claims] of Object.entries(e2eProvider.accounts))
    provider.accounts.set(login, { ...claims });
  const dns = await startTestDnsServer(port);
  const records = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { name, value } = JSON.parse(body || '{}') as { name?: string; value?: string };
      if (request.method !== 'POST' || request.url !== '/txt' || !name || !value) {
        response.statusCode = 400;
        response.end();
        return;
      }
      dns.txtRecords.set(name.toLowerCase(), [value]);
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => records.listen(port + 1, '127.0.0.1', resolve));
  console.log(`OpenID provider for the journeys at ${provider.issuer}, its DNS at ${dns.address}`);
  const stop = () =>
    void Promise.all([provider.close(), dns.close(), new Promise((resolve) => records.close(resolve))]).then(
      () => process.exit(0),
    );
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.env.OIDC_PORT) void main();
