import { apiRoutes } from '../api-routes';
import { withClientQuery } from '../client-params';
import { outboxMailParamsSchema, outboxMailSchema, outboxResponseSchema } from '../subscriptions';
import { endpoint, managementErrors } from './endpoint';

// Management: the mail outbox.

/** Keyed by operation id, as in `apiEndpoints`. */
export const mailEndpoints = {
  listOutbox: endpoint(apiRoutes.listOutbox, {
    tags: ['management'],
    summary: 'Mails written to the outbox instead of sent (no SMTP_URL), newest 100',
    query: withClientQuery({}),
    response: { 200: outboxResponseSchema, ...managementErrors },
  }),
  getOutboxMail: endpoint(apiRoutes.getOutboxMail, {
    tags: ['management'],
    summary: 'One mail of the outbox: its text and HTML parts and attachments',
    params: outboxMailParamsSchema,
    query: withClientQuery({}),
    response: { 200: outboxMailSchema, ...managementErrors },
  }),
} as const;
