import { apiEndpoints, errorCodes, singleSignOnCallbackPath, type SignInSettings } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../activity';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { endpointRoute } from '../../lib/endpoint-route';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { type NameResolver, systemNameResolver } from '../../lib/name-resolver';
import { createDomainProofs, domainProofPrefix } from './domain-proof';
import { issuerUrlProblem } from './issuer-policy';
import { providerAddressPolicy } from './provider-address-policy';
import { discoverProvider, DiscoveryError } from './provider-discovery';
import { isPublicMailDomain } from './public-mail-domains';
import { createClientSecrets } from './client-secrets';
import { createSsoProvidersRepository, toSavedProvider } from './sso-providers-repository';

/** Postgres unique violation (a domain proven by another organisation at the same moment). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505' ||
  (error as { cause?: { code?: unknown } } | null)?.cause?.code === '23505';

const actorOf = (user: AuthenticatedUser): Actor => ({
  organisationId: user.organisationId,
  id: user.id,
  name: user.displayName,
});

export interface SignInSettingsRoutesOptions {
  /** DNS: providers' addresses and the domains' TXT records (tests answer it themselves). */
  nameResolver?: NameResolver;
}

/**
 * Management → Sign-in (docs/decisions/020-single-sign-on.md): the organisation's OpenID Connect
 * provider. Registered inside the management plugin (administrators only, own organisation only: the
 * path names no organisation). The client secret goes in, never out: answers say only whether one is
 * stored, and it is never sent to another issuer or client ID than the one it was typed for. E-mail
 * domains are claimed on save and route sign-ins once proven by a DNS TXT record ("Verify").
 */
export const signInSettingsRoutes: FastifyPluginAsyncZod<SignInSettingsRoutesOptions> = async (
  app,
  options,
) => {
  const providers = createSsoProvidersRepository(app.db);
  const secrets = createClientSecrets(app.config.authSecret);
  const resolver = options.nameResolver ?? systemNameResolver;
  const addressPolicy = providerAddressPolicy(app.config, resolver);
  const proofs = createDomainProofs(app.config.authSecret);
  const redirectUri = `${app.config.publicUrl}${singleSignOnCallbackPath}`;

  async function settingsOf(organisationId: string): Promise<SignInSettings> {
    const row = await providers.findByOrganisation(organisationId);
    return {
      provider: row ? toSavedProvider(row, await providers.domainsOf(row.id)) : null,
      administrators: await providers.administrators(organisationId),
      redirectUri,
      domainProof: { recordPrefix: domainProofPrefix, recordValue: proofs.recordValueOf(organisationId) },
    };
  }

  /** A domain no organisation may claim, or one whose addresses belong to another organisation's people. */
  async function assertClaimable(organisationId: string, domains: string[], field: string) {
    const publicOnes = domains.filter(isPublicMailDomain);
    if (publicOnes.length > 0) {
      throw new HttpError(
        400,
        errorCodes.publicMailDomain,
        `${field}: ${publicOnes.join(', ')} is a public mail service's domain`,
      );
    }
    const used = await providers.domainsUsedElsewhere(organisationId, domains);
    if (used.length > 0) {
      throw new HttpError(
        409,
        errorCodes.domainInUse,
        `${field}: users of another organisation have addresses in ${used.join(', ')}`,
      );
    }
    const proven = await providers.domainsProvenElsewhere(organisationId, domains);
    if (proven.length > 0) {
      throw conflict(`${field}: ${proven.join(', ')} already belongs to another organisation`);
    }
  }

  app.route({
    ...endpointRoute(apiEndpoints.getSignInSettings),
    handler: async (request) => settingsOf(request.user.organisationId),
  });

  app.route({
    ...endpointRoute(apiEndpoints.saveSignInSettings),
    handler: async (request) => {
      const organisationId = request.user.organisationId;
      const body = request.body;
      const issuerUrl = body.issuerUrl.trim();
      const clientId = body.clientId.trim();
      const problem = issuerUrlProblem(issuerUrl, { allowLoopback: !addressPolicy.production });
      if (problem) throw badRequest(`issuerUrl: ${problem}`);

      const existing = await providers.findByOrganisation(organisationId);
      const newSecret = body.clientSecret?.trim() ?? '';
      // The stored secret belongs to the issuer and client it was typed for: never sent anywhere else.
      const sameClient =
        existing !== null && existing.issuerUrl === issuerUrl && existing.clientId === clientId;
      if (newSecret === '' && existing !== null && !sameClient) {
        throw badRequest(
          'clientSecret: enter the client secret again when the issuer URL or client ID changes',
        );
      }
      const clientSecret =
        newSecret !== ''
          ? newSecret
          : existing
            ? secrets.open(existing.clientSecretEncrypted, organisationId)
            : null;
      if (clientSecret === null) throw badRequest('clientSecret: enter the client secret');

      const domains = [...new Set(body.domains)];
      await assertClaimable(organisationId, domains, 'domains');

      if (body.breakGlassUserId !== null) {
        const administrators = await providers.administrators(organisationId);
        if (!administrators.some((administrator) => administrator.id === body.breakGlassUserId)) {
          throw badRequest('breakGlassUserId: choose an active administrator of your organisation');
        }
      } else if (body.requireSingleSignOn) {
        throw badRequest(
          'breakGlassUserId: choose the administrator who may still sign in with a password when single sign-on is required',
        );
      }

      try {
        await discoverProvider({ issuerUrl, clientId, clientSecret }, addressPolicy);
      } catch (error) {
        if (error instanceof DiscoveryError) throw badRequest(`issuerUrl: ${error.message}`);
        throw error;
      }

      const { endedSessions } = await providers.save(
        { ...actorOf(request.user), sessionId: request.user.sessionId },
        {
          issuerUrl,
          clientId,
          clientSecretEncrypted: secrets.seal(clientSecret, organisationId),
          domains,
          newUserRoleKey: body.newUserRoleKey,
          newUserSubscription: body.newUserSubscription,
          requireSingleSignOn: body.requireSingleSignOn,
          breakGlassUserId: body.breakGlassUserId,
          attributeClaims: body.attributeClaims,
        },
      );
      // Committed: every server process forgets the ended sessions and closes their streams (decision 017).
      for (const ended of endedSessions) app.sessionEvents.emitEnded(ended);
      request.log.info(
        {
          event: 'management.sign_in.saved',
          organisationId,
          secretReplaced: newSecret !== '',
          endedPasswordSessions: endedSessions.length,
        },
        'single sign-on provider saved',
      );
      return settingsOf(organisationId);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.verifySignInDomain),
    handler: async (request) => {
      const organisationId = request.user.organisationId;
      const domain = request.params.domain;
      const row = await providers.findByOrganisation(organisationId);
      const claimed = row
        ? (await providers.domainsOf(row.id)).some((entry) => entry.domain === domain)
        : false;
      if (!claimed) throw notFound('domain: your organisation has not claimed this domain');
      await assertClaimable(organisationId, [domain], 'domain');
      let proven: boolean;
      try {
        proven = await proofs.proven(resolver, organisationId, domain);
      } catch {
        proven = false;
      }
      if (!proven) {
        throw new HttpError(
          400,
          errorCodes.domainNotProven,
          `domain: no TXT record ${proofs.recordName(domain)} with your organisation's value was found`,
        );
      }
      try {
        if ((await providers.markVerified(actorOf(request.user), domain)) === null) {
          throw notFound('domain: your organisation has not claimed this domain');
        }
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('domain: another organisation has proven this domain');
        throw error;
      }
      request.log.info(
        { event: 'management.sign_in.domain_verified', organisationId, domain },
        'e-mail domain proven',
      );
      return settingsOf(organisationId);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.removeSignInSettings),
    handler: async (request) => {
      await providers.remove(actorOf(request.user));
      request.log.info({ event: 'management.sign_in.removed' }, 'single sign-on provider removed');
      return settingsOf(request.user.organisationId);
    },
  });
};
