import {
  errorCodes,
  isLoginPathname,
  safeRedirectPath,
  singleSignOnAccountPrefix,
  singleSignOnCallbackPath,
  singleSignOnErrorParam,
  singleSignOnStartBodySchema,
  type SingleSignOnError,
} from '@cockpit/contracts';
import type { BetterAuthPlugin, InternalAdapter } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Database } from '../../db/database';
import { AddressRefusedError } from '../../lib/public-address';
import { user as userTable } from '../../db/core-tables';
import { discoverProvider, DiscoveryError, type ProviderAddressPolicy } from './provider-discovery';
import { createClientSecrets } from './client-secrets';
import {
  attributeClaimsOf,
  createSsoProvidersRepository,
  passwordsRefused,
  type SsoProviderRow,
} from './sso-providers-repository';
import {
  readUserAttributes,
  noAttributes,
  withSingleSignOnClaims,
  writeUserAttributes,
} from '../../auth/user-attributes';
import { attributeValuesFromClaims, lacksMappedClaims } from './attribute-claims';

interface SingleSignOnOptions {
  db: Database;
  authSecret: string;
  logger: FastifyBaseLogger;
  /** Which addresses providers may be reached at (issuer-policy.ts). */
  addressPolicy: ProviderAddressPolicy;
}

/** What the start leaves for the callback (better-auth's verification table, used once, 10 minutes). */
interface PendingSignIn {
  providerId: string;
  codeVerifier: string;
  nonce: string;
  redirectTo: string;
}

const pendingLifetimeSeconds = 600;
const stateCookieName = 'sso_state';
const scopes = 'openid email profile';
/** A discovered configuration is reused this long (a provider rotates its keys far less often). */
const discoveryCacheMs = 10 * 60_000;

const pendingKey = (state: string) => `sso-state:${state}`;

/** Any origin serves: `safeRedirectPath` only needs one to tell an in-app path from another host. */
const landingOrigin = 'http://cockpit.invalid';

/**
 * The page to land on: an in-app path other than the login screen, else the root — the rule of the
 * login screen's `redirectTo` (contracts `safeRedirectPath`).
 */
export function safeLandingPath(value: string | undefined): string {
  const path = safeRedirectPath(value, landingOrigin);
  return path === null || isLoginPathname(path.split(/[?#]/)[0] ?? '') ? '/' : path;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** A sign-in failure the callback turns into the login screen's translated message. */
class SingleSignOnFailure extends Error {
  constructor(
    readonly reason: SingleSignOnError,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Single sign-on with the organisation's OpenID Connect provider, as a better-auth plugin
 * (docs/decisions/020-single-sign-on.md): `POST /sso/start` picks the provider by the e-mail's domain and
 * answers the provider's authorisation URL (code flow with PKCE S256, state and nonce); `GET
 * /sso/callback` redeems the code through openid-client — which checks state, the PKCE verifier at the
 * token endpoint, the ID token's signature, issuer, audience, expiry and nonce — then signs the user in
 * with better-auth's own session and cookie. All protocol work is openid-client's; nothing hand-written.
 *
 * It also refuses password sign-in for the users of an organisation that requires single sign-on,
 * except its break-glass administrator (after the password was checked: nothing is revealed before).
 */
export function singleSignOn({ db, authSecret, logger, addressPolicy }: SingleSignOnOptions) {
  const providers = createSsoProvidersRepository(db);
  const secrets = createClientSecrets(authSecret);
  const discovered = new Map<string, { at: number; configuration: Promise<oidc.Configuration> }>();

  /** The provider's configuration; cached per saved version (a save changes `updatedAt`). */
  function configurationOf(provider: SsoProviderRow): Promise<oidc.Configuration> {
    const key = `${provider.id}:${provider.updatedAt.getTime()}`;
    const cached = discovered.get(key);
    if (cached && Date.now() - cached.at < discoveryCacheMs) return cached.configuration;
    const configuration = discoverProvider(
      {
        issuerUrl: provider.issuerUrl,
        clientId: provider.clientId,
        clientSecret: secrets.open(provider.clientSecretEncrypted, provider.organisationId),
      },
      addressPolicy,
    );
    discovered.set(key, { at: Date.now(), configuration });
    // A failed discovery is not remembered: the next attempt asks the provider again.
    configuration.catch(() => discovered.delete(key));
    return configuration;
  }

  return {
    id: 'cockpit-single-sign-on',
    init() {
      return {
        options: {
          databaseHooks: {
            session: {
              create: {
                before: async (session, ctx) => {
                  if (ctx?.path !== '/sign-in/email') return;
                  const [row] = await db
                    .select({
                      organisationId: userTable.organisationId,
                      roleKey: userTable.roleKey,
                      active: userTable.active,
                    })
                    .from(userTable)
                    .where(eq(userTable.id, session.userId));
                  if (!row) return;
                  const provider = await providers.findByOrganisation(row.organisationId);
                  if (!passwordsRefused(provider, { id: session.userId, ...row })) return;
                  logger.info(
                    { event: 'auth.sign_in.sso_required', userId: session.userId },
                    'password sign-in refused: the organisation requires single sign-on',
                  );
                  throw new APIError('FORBIDDEN', {
                    message:
                      'Your organisation signs in with single sign-on. Use "Sign in with your organisation".',
                    code: errorCodes.singleSignOnRequired,
                  });
                },
              },
            },
          },
        },
      };
    },
    endpoints: {
      singleSignOnStart: createAuthEndpoint(
        '/sso/start',
        { method: 'POST', body: singleSignOnStartBodySchema },
        async (ctx) => {
          const email = ctx.body.email.trim().toLowerCase();
          const provider = await providers.findByDomain(domainOf(email));
          if (!provider) {
            throw new APIError('NOT_FOUND', {
              message: 'No single sign-on is set up for this e-mail domain.',
            });
          }
          let configuration: oidc.Configuration;
          try {
            configuration = await configurationOf(provider);
          } catch (error) {
            logger.warn(
              { event: 'auth.sso.provider_unavailable', providerId: provider.id, reason: reasonOf(error) },
              'single sign-on provider unavailable',
            );
            throw new APIError('BAD_GATEWAY', {
              message: 'The sign-in service of your organisation cannot be reached.',
            });
          }
          const codeVerifier = oidc.randomPKCECodeVerifier();
          const state = oidc.randomState();
          const nonce = oidc.randomNonce();
          const pending: PendingSignIn = {
            providerId: provider.id,
            codeVerifier,
            nonce,
            redirectTo: safeLandingPath(ctx.body.redirectTo),
          };
          await ctx.context.internalAdapter.createVerificationValue({
            identifier: pendingKey(state),
            value: JSON.stringify(pending),
            expiresAt: new Date(Date.now() + pendingLifetimeSeconds * 1000),
          });
          // Binds the answer to this browser (login CSRF): the callback needs the same state in this
          // cookie. SameSite=Lax, because the provider sends the browser back with a cross-site navigation.
          const cookie = ctx.context.createAuthCookie(stateCookieName, {
            sameSite: 'lax',
            path: '/api/auth/sso',
            maxAge: pendingLifetimeSeconds,
          });
          await ctx.setSignedCookie(cookie.name, state, ctx.context.secret, cookie.attributes);
          const url = oidc.buildAuthorizationUrl(configuration, {
            redirect_uri: redirectUriOf(ctx.context.baseURL),
            scope: scopes,
            code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
            code_challenge_method: 'S256',
            state,
            nonce,
            login_hint: email,
          });
          return ctx.json({ url: url.href });
        },
      ),

      singleSignOnCallback: createAuthEndpoint('/sso/callback', { method: 'GET' }, async (ctx) => {
        const appOrigin = new URL(ctx.context.baseURL).origin;
        const cookie = ctx.context.createAuthCookie(stateCookieName, {
          sameSite: 'lax',
          path: '/api/auth/sso',
        });
        const cookieState = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        // Used once, whatever happens next.
        ctx.setCookie(cookie.name, '', { ...cookie.attributes, maxAge: 0 });
        const requestUrl = new URL(ctx.request?.url ?? '', ctx.context.baseURL);
        const currentUrl = new URL(`${redirectUriOf(ctx.context.baseURL)}${requestUrl.search}`);
        const params = currentUrl.searchParams;

        const fail = (failure: SingleSignOnFailure, providerId?: string) => {
          logger.warn(
            { event: 'auth.sso.failure', reason: failure.reason, detail: failure.message, providerId },
            'single sign-on failed',
          );
          const target = new URL('/login', appOrigin);
          target.searchParams.set(singleSignOnErrorParam, failure.reason);
          return ctx.redirect(target.href);
        };

        const state = params.get('state');
        if (!state || typeof cookieState !== 'string' || cookieState !== state) {
          throw fail(new SingleSignOnFailure('invalid_response', 'state missing or not this browser’s'));
        }
        const stored = await ctx.context.internalAdapter.consumeVerificationValue(pendingKey(state));
        const pending = stored ? parsePending(stored.value) : null;
        if (!pending) throw fail(new SingleSignOnFailure('invalid_response', 'unknown or expired state'));

        try {
          const error = params.get('error');
          if (error) {
            throw new SingleSignOnFailure(
              error === 'access_denied' ? 'access_denied' : 'failed',
              `provider answered ${error}`,
            );
          }
          const provider = await providers.findById(pending.providerId);
          if (!provider) throw new SingleSignOnFailure('failed', 'provider removed meanwhile');
          let configuration: oidc.Configuration;
          try {
            configuration = await configurationOf(provider);
          } catch (failure) {
            throw new SingleSignOnFailure('provider_unavailable', reasonOf(failure));
          }
          let claims: oidc.IDToken;
          let accessToken: string;
          try {
            const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
              pkceCodeVerifier: pending.codeVerifier,
              expectedState: state,
              expectedNonce: pending.nonce,
              idTokenExpected: true,
            });
            const idTokenClaims = tokens.claims();
            if (!idTokenClaims) throw new SingleSignOnFailure('invalid_response', 'no ID token');
            claims = idTokenClaims;
            accessToken = tokens.access_token;
          } catch (failure) {
            if (failure instanceof SingleSignOnFailure) throw failure;
            throw new SingleSignOnFailure(
              isUnreachable(failure) ? 'provider_unavailable' : 'invalid_response',
              reasonOf(failure),
            );
          }
          const { userId, created } = await resolveUser(ctx.context.internalAdapter, provider, claims);
          await applyAttributeClaims(provider, userId, claims, configuration, accessToken);
          const signedInUser = await ctx.context.internalAdapter.findUserById(userId);
          if (!signedInUser) throw new SingleSignOnFailure('failed', 'user vanished');
          // `signInMethod: 'sso'`: exempt from two-factor codes and password changes (decisions 021, 022).
          const session = await ctx.context.internalAdapter.createSession(
            userId,
            false,
            { signInMethod: 'sso' },
            // Without it the field's default ('password') would win over the override.
            true,
          );
          await setSessionCookie(ctx, { session, user: signedInUser });
          logger.info(
            { event: 'auth.sso.success', userId, providerId: provider.id, created },
            'signed in with single sign-on',
          );
          throw ctx.redirect(new URL(pending.redirectTo, appOrigin).href);
        } catch (failure) {
          if (failure instanceof SingleSignOnFailure) throw fail(failure, pending.providerId);
          if (failure instanceof APIError && failure.status === 'UNAUTHORIZED') {
            // The session hook refuses deactivated users (auth/create-auth.ts).
            throw fail(new SingleSignOnFailure('deactivated', 'session refused'), pending.providerId);
          }
          throw failure;
        }
      }),
    },
    rateLimit: [
      // Each start asks the provider for its discovery document (cached) and stores a pending sign-in.
      { pathMatcher: (path: string) => path.startsWith('/sso/'), window: 60, max: 30 },
    ],
  } satisfies BetterAuthPlugin;

  /**
   * The organisation's claim mapping at this sign-in (decision 027): the mapped claims of the ID token —
   * or of the userinfo endpoint when the ID token lacks one — replace those attribute keys of the user,
   * recorded in `from_single_sign_on`; keys an administrator set for other keys stay.
   */
  async function applyAttributeClaims(
    provider: SsoProviderRow,
    userId: string,
    claims: oidc.IDToken,
    configuration: oidc.Configuration,
    accessToken: string,
  ): Promise<void> {
    const mapping = attributeClaimsOf(provider);
    let source: Record<string, unknown> = claims;
    if (lacksMappedClaims(mapping, claims) && configuration.serverMetadata().userinfo_endpoint) {
      try {
        source = { ...claims, ...(await oidc.fetchUserInfo(configuration, accessToken, claims.sub)) };
      } catch (failure) {
        // Missing claims then remove their keys: no data rather than old data.
        logger.warn(
          { event: 'auth.sso.userinfo_failed', providerId: provider.id, detail: reasonOf(failure) },
          'userinfo not available for attribute claims',
        );
      }
    }
    const values = attributeValuesFromClaims(mapping, source);
    await db.transaction(async (tx) => {
      const stored = (await readUserAttributes(tx, [userId])).get(userId) ?? noAttributes();
      if (Object.keys(mapping).length === 0 && stored.fromSingleSignOn.length === 0) return;
      await writeUserAttributes(tx, userId, withSingleSignOnClaims(stored, values));
    });
  }

  /**
   * Finds or creates the user for verified claims (docs/decisions/020-single-sign-on.md): an account
   * already linked to this provider and subject; else a user with the same, provider-verified e-mail in
   * the provider's organisation (then linked); else a new user of that organisation ("just in time").
   * Users of another organisation are never touched.
   */
  async function resolveUser(
    adapter: InternalAdapter,
    provider: SsoProviderRow,
    claims: oidc.IDToken,
  ): Promise<{ userId: string; created: boolean }> {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // `xms_edov`: Microsoft Entra ID's "e-mail domain owner verified" optional claim; Entra sends no
    // `email_verified` (README "Single sign-on").
    const verified = claims.email_verified === true || claims.xms_edov === true;
    if (!verified || email === '') {
      throw new SingleSignOnFailure('email_not_verified', 'email_verified is not true');
    }
    // Only proven domains sign people in or create accounts (domain-proof.ts).
    const domains = await providers.verifiedDomainsOf(provider.id);
    if (!domains.includes(domainOf(email))) {
      throw new SingleSignOnFailure('wrong_organisation', 'e-mail domain not proven for this provider');
    }
    const accountKey = { providerId: `${singleSignOnAccountPrefix}${provider.id}`, accountId: claims.sub };
    const linked = await adapter.findAccountByKey(accountKey);
    const existing = linked
      ? await adapter.findUserById(linked.userId)
      : ((await adapter.findUserByEmail(email))?.user ?? null);
    if (existing) {
      const [row] = await db
        .select({ organisationId: userTable.organisationId, active: userTable.active })
        .from(userTable)
        .where(eq(userTable.id, existing.id));
      if (!row || row.organisationId !== provider.organisationId) {
        throw new SingleSignOnFailure('wrong_organisation', 'user belongs to another organisation');
      }
      if (!row.active) throw new SingleSignOnFailure('deactivated', 'user deactivated');
      if (!linked) await adapter.linkAccount({ ...accountKey, userId: existing.id });
      return { userId: existing.id, created: false };
    }
    const name = displayNameOf(claims, email);
    const created = await adapter.createUser(
      {
        email,
        name,
        emailVerified: true,
        organisationId: provider.organisationId,
        roleKey: provider.newUserRoleKey,
        subscription: provider.newUserSubscription,
      },
      { method: 'sso-oidc', sso: { providerId: provider.id } },
    );
    await adapter.linkAccount({ ...accountKey, userId: created.id });
    return { userId: created.id, created: true };
  }
}

/** The redirect URI to register at the provider (also shown in management → Sign-in). */
function redirectUriOf(authBaseUrl: string): string {
  return `${new URL(authBaseUrl).origin}${singleSignOnCallbackPath}`;
}

function parsePending(value: string): PendingSignIn | null {
  try {
    const parsed = JSON.parse(value) as Partial<PendingSignIn>;
    if (
      typeof parsed.providerId === 'string' &&
      typeof parsed.codeVerifier === 'string' &&
      typeof parsed.nonce === 'string' &&
      typeof parsed.redirectTo === 'string'
    ) {
      return { ...parsed, redirectTo: safeLandingPath(parsed.redirectTo) } as PendingSignIn;
    }
  } catch {
    // not ours
  }
  return null;
}

function displayNameOf(claims: oidc.IDToken, email: string): string {
  const givenAndFamily = [claims.given_name, claims.family_name]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' ');
  const fromClaims = [claims.name, givenAndFamily].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return (fromClaims ?? email.slice(0, email.indexOf('@'))).trim().slice(0, 100);
}

/** The provider could not be reached (network, timeout, 5xx), as opposed to a refused answer. */
function isUnreachable(error: unknown): boolean {
  if (error instanceof DiscoveryError || error instanceof AddressRefusedError) return true;
  if (error instanceof TypeError) return true; // fetch failed
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT') return true;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 500;
}

/** A short, secret-free reason for the log (never tokens, codes or the client secret). */
function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`.slice(0, 300);
  }
  return 'unknown';
}
