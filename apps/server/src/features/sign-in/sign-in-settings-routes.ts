import { apiEndpoints, singleSignOnCallbackPath, type SignInSettings } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { badRequest, conflict } from '../../lib/http-error';
import { issuerUrlProblem } from './issuer-policy';
import { discoverProvider, DiscoveryError } from './provider-discovery';
import { createSecretBox } from './secret-box';
import { createSsoProvidersRepository, toSavedProvider } from './sso-providers-repository';

/** Postgres unique violation (a domain saved by another organisation at the same moment). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505' ||
  (error as { cause?: { code?: unknown } } | null)?.cause?.code === '23505';

/**
 * Management → Sign-in (docs/decisions/020-single-sign-on.md): the organisation's OpenID Connect
 * provider. Registered inside the management plugin (administrators only, own organisation only: the
 * path names no organisation). The client secret goes in, never out: answers say only whether one is stored.
 */
export const signInSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = createSsoProvidersRepository(app.db);
  const secrets = createSecretBox(app.config.authSecret);
  const redirectUri = `${app.config.publicUrl}${singleSignOnCallbackPath}`;

  async function settingsOf(organisationId: string): Promise<SignInSettings> {
    const row = await providers.findByOrganisation(organisationId);
    return {
      provider: row ? toSavedProvider(row, await providers.domainsOf(row.id)) : null,
      administrators: await providers.administrators(organisationId),
      redirectUri,
    };
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
      const problem = issuerUrlProblem(issuerUrl, { allowLoopback: app.config.nodeEnv !== 'production' });
      if (problem) throw badRequest(`issuerUrl: ${problem}`);

      const existing = await providers.findByOrganisation(organisationId);
      const newSecret = body.clientSecret?.trim() ?? '';
      const clientSecret =
        newSecret !== ''
          ? newSecret
          : existing
            ? secrets.open(existing.clientSecretEncrypted, organisationId)
            : null;
      if (clientSecret === null) throw badRequest('clientSecret: enter the client secret');

      const domains = [...new Set(body.domains)];
      const taken = await providers.domainsTakenElsewhere(organisationId, domains);
      if (taken.length > 0) {
        throw conflict(`domains: ${taken.join(', ')} already belongs to another organisation`);
      }

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
        await discoverProvider({ issuerUrl, clientId: body.clientId, clientSecret });
      } catch (error) {
        if (error instanceof DiscoveryError) throw badRequest(`issuerUrl: ${error.message}`);
        throw error;
      }

      try {
        await providers.save(organisationId, {
          issuerUrl,
          clientId: body.clientId,
          clientSecretEncrypted: secrets.seal(clientSecret, organisationId),
          domains,
          newUserRoleKey: body.newUserRoleKey,
          newUserSubscription: body.newUserSubscription,
          requireSingleSignOn: body.requireSingleSignOn,
          breakGlassUserId: body.breakGlassUserId,
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('domains: a domain already belongs to another organisation');
        throw error;
      }
      request.log.info(
        { event: 'management.sign_in.saved', organisationId, secretReplaced: newSecret !== '' },
        'single sign-on provider saved',
      );
      return settingsOf(organisationId);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.removeSignInSettings),
    handler: async (request) => {
      await providers.remove(request.user.organisationId);
      request.log.info({ event: 'management.sign_in.removed' }, 'single sign-on provider removed');
      return settingsOf(request.user.organisationId);
    },
  });
};
