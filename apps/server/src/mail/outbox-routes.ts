import { apiEndpoints } from '@cockpit/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailOutbox } from './mail-schema';
import { endpointRoute } from '../lib/endpoint-route';
import { notFound } from '../lib/http-error';

/**
 * Management → Outbox (decision 029): the mails written instead of sent when SMTP_URL is not set, the
 * organisation's own only (administrators, app.ts), newest first.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(apiEndpoints.listOutbox),
    handler: async (request) => {
      const rows = await app.db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          createdAt: mailOutbox.createdAt,
          attachments: mailOutbox.attachments,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.organisationId, request.user.organisationId))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(100);
      return {
        via: app.mailer.via,
        mails: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getOutboxMail),
    handler: async (request) => {
      const [row] = await app.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.id, request.params.id),
            eq(mailOutbox.organisationId, request.user.organisationId),
          ),
        );
      if (!row) throw notFound('Mail not found');
      return {
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        createdAt: row.createdAt.toISOString(),
        attachments: row.attachments,
        text: row.textBody,
        html: row.htmlBody,
      };
    },
  });
};
