import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { apiErrorSchema } from '../errors';
import {
  emptyBodySchema,
  idParamsSchema,
  managedUserSchema,
  managedUsersQuerySchema,
  managedUsersResponseSchema,
  newUserBodySchema,
  userAttributesImportBodySchema,
  userAttributesImportResultSchema,
  userChangesBodySchema,
  userPasswordResetBodySchema,
} from '../management';
import { endpoint, managementErrors } from './endpoint';

// Management: the users of the organisation.

/** Keyed by operation id, as in `apiEndpoints`. */
export const usersEndpoints = {
  listUsers: endpoint(apiRoutes.listUsers, {
    tags: ['management'],
    summary: 'Users of your organisation, by name; `search` matches name or e-mail',
    query: managedUsersQuerySchema,
    response: { 200: managedUsersResponseSchema, ...managementErrors },
  }),
  createUser: endpoint(apiRoutes.createUser, {
    tags: ['management'],
    summary: 'Create a user of your organisation with an initial password',
    query: withClientQuery({}),
    body: newUserBodySchema,
    // 409 for an address in use, here or in another organisation alike; 429 after too many (management README).
    response: { 201: managedUserSchema, ...managementErrors, 429: apiErrorSchema },
  }),
  updateUser: endpoint(apiRoutes.updateUser, {
    tags: ['management'],
    summary: 'Change the name, role, subscription or attributes of a user of your organisation',
    description:
      '`attributes` replaces the attributes set by hand (decision 027); keys taken from single sign-on stay ' +
      'and cannot be set here (400 naming the key).',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: userChangesBodySchema,
    response: { 200: managedUserSchema, ...managementErrors },
  }),
  importUserAttributes: endpoint(apiRoutes.importUserAttributes, {
    tags: ['management'],
    summary:
      'Set user attributes of users of your organisation from a CSV (`email,<key>,…`, values split by `|`)',
    description:
      "Each row sets the header's keys of one user; an empty cell removes the key. Any invalid row → nothing " +
      'is imported and `errors` names each row and column; addresses that are not of your organisation are ' +
      'listed in `unknownEmails`.',
    query: withClientQuery({}),
    body: userAttributesImportBodySchema,
    response: { 200: userAttributesImportResultSchema, ...managementErrors },
  }),
  deactivateUser: endpoint(apiRoutes.deactivateUser, {
    tags: ['management'],
    summary: 'Deactivate a user of your organisation: their sessions end and their next call gets 401',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 200: managedUserSchema, ...managementErrors },
  }),
  reactivateUser: endpoint(apiRoutes.reactivateUser, {
    tags: ['management'],
    summary: 'Reactivate a user of your organisation: they can sign in again',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: emptyBodySchema,
    response: { 200: managedUserSchema, ...managementErrors },
  }),
  resetUserPassword: endpoint(apiRoutes.resetUserPassword, {
    tags: ['management'],
    summary:
      'Set a one-time password for a user of your organisation: their sessions end and they must choose a new password at the next sign-in',
    params: idParamsSchema,
    query: withClientQuery({}),
    body: userPasswordResetBodySchema,
    response: { 200: managedUserSchema, ...managementErrors },
  }),
} as const;
