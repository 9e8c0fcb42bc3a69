import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, uuidPrimaryKey } from '../db/columns';
import { organisations } from '../db/core-tables';

/** One file a mail carried, as the outbox lists it (the bytes are in `raw`). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/**
 * Mails written instead of sent (decision 029): without SMTP_URL every mail lands here, whole (`raw` is the
 * RFC 822 message nodemailer built), so administrators can read them in Management → Outbox. A delivery's
 * mail is written once (`delivery_id` unique), however often its job runs.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidPrimaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    raw: text('raw').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('mail_outbox_delivery_id_uq').on(t.deliveryId),
    index('mail_outbox_organisation_created_idx').on(t.organisationId, t.createdAt.desc()),
  ],
);
