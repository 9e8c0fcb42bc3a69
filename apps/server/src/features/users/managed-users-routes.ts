import { endpointRoute } from '../../lib/endpoint-route';
import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertAcceptablePassword } from '../../auth/password';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { createManagedUsersRepository } from './managed-users-repository';
import { actorOf } from '../../activity';
import { sendTooMany } from '../../plugins/rate-limits';

const userNotFound = () => notFound('No such user in your organisation');

/**
 * An address that cannot get a new user is answered alike wherever it is in use — in this organisation
 * or another — never "already exists elsewhere" (management README). E-mails sign in, so they are unique
 * across organisations: the refusal itself cannot be avoided, but an administrator gets only this many
 * per hour (then 429), each one logged, so nobody can sweep a list of addresses through it.
 */
export const maxRefusedAddressesPerHour = 10;
const hourMs = 60 * 60_000;
const addressUnavailable = 'This e-mail address cannot be used for a new user';
/** The shared counter of an administrator's refused addresses (every instance counts alike). */
export const refusedAddressesKey = (administratorId: string) => `user-address-refused:${administratorId}`;

/**
 * Users of the administrator's organisation (management area): list with search, create with an initial
 * password, change name, role and subscription, deactivate and reactivate. Registered inside the
 * management plugin, so only organisation administrators get here.
 */
export const managedUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const refusedAddresses = app.createRateLimit({
    max: maxRefusedAddressesPerHour,
    timeWindow: hourMs,
    keyGenerator: (request) => refusedAddressesKey(request.user.id),
  });
  const repository = createManagedUsersRepository(app.db);

  app.route({
    ...endpointRoute(apiEndpoints.listUsers),
    handler: async (request) => {
      const { search, page, pageSize } = request.query;
      const { user } = request;
      const { items, total } = await repository.list(user.organisationId, {
        search,
        page,
        pageSize,
        selfId: user.id,
      });
      return { items, total, page, pageSize };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.createUser),
    handler: async (request, reply) => {
      const { name, email, password, roleKey, subscription, uiLanguage } = request.body;
      const { user } = request;
      // Only refusals count (decision 034): looked at here, counted below.
      const refusals = await refusedAddresses(request, { increment: false });
      if (!refusals.isAllowed && refusals.remaining === 0) {
        return sendTooMany(
          reply,
          refusals.ttlInSeconds,
          'Too many refused addresses. Please try again later.',
        );
      }
      assertAcceptablePassword(password, 'password', { email, name });
      const created = await repository.create(actorOf(request), {
        name,
        email,
        password,
        roleKey,
        subscription,
        uiLanguage,
      });
      if (!created) {
        const counted = await refusedAddresses(request);
        const refusalsSoFar = counted.isAllowed ? undefined : counted.max - counted.remaining;
        request.log.warn(
          { event: 'management.user.address_refused', actorUserId: user.id, refusals: refusalsSoFar },
          'new user refused: the e-mail address is in use',
        );
        throw conflict(addressUnavailable);
      }
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateUser),
    handler: async (request) => {
      const { user } = request;
      const { name, roleKey, subscription, attributes } = request.body;
      const target = await repository.find(user.organisationId, request.params.id, user.id);
      if (!target) throw userNotFound();
      // An administrator cannot take away their own role: the organisation always keeps one.
      if (target.isSelf && roleKey !== undefined && roleKey !== target.roleKey) {
        throw conflict('You cannot change your own role');
      }
      // Keys taken from single sign-on are the provider's: replaced at each sign-in (decision 027).
      const fromProvider = Object.keys(attributes ?? {}).find((key) =>
        target.attributesFromSingleSignOn.includes(key),
      );
      if (fromProvider !== undefined) {
        throw badRequest(`Invalid body field 'attributes.${fromProvider}': it comes from single sign-on`);
      }
      const updated = await repository.update(actorOf(request), target.id, {
        name,
        roleKey,
        subscription,
        attributes,
      });
      if (!updated) throw userNotFound();
      // The bearer check must see the new role/subscription on the user's next request.
      app.sessionEvents.emitUserChanged(target.id);
      return updated;
    },
  });

  for (const [endpoint, active] of [
    [apiEndpoints.deactivateUser, false],
    [apiEndpoints.reactivateUser, true],
  ] as const) {
    app.route({
      ...endpointRoute(endpoint),
      handler: async (request) => {
        const { user } = request;
        if (!active && request.params.id === user.id) {
          throw conflict('You cannot deactivate your own account');
        }
        const changed = await repository.setActive(actorOf(request), request.params.id, active);
        if (!changed) throw userNotFound();
        // Deactivated: every session ended with it — API access stops and notification streams close
        // now, not when the bearer token expires (management area, security hardening).
        if (!active) app.sessionEvents.emitEnded({ userId: changed.id, sessionId: null });
        return changed;
      },
    });
  }
};
