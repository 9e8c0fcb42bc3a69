import { z } from 'zod';
import { withClientBody, withClientQuery } from './client-params';
import { parameterValuesSchema } from './report-definitions';
import { roleKeySchema, subscriptionSchema } from './roles';

// Reports that come to people (docs/decisions/029-subscriptions-alerts-and-background-work.md): e-mail
// subscriptions to a report or dashboard, alerts on a report's result, their deliveries, the mail outbox.
// A schedule is STRUCTURED — the server derives the job schedule from it — so a client can neither
// send a cron expression nor ask for anything more often than once a day.

export const subscriptionLimits = {
  /** Listed users of one administrator's subscription; audiences count at delivery time, up to `maxAudience`. */
  maxListedRecipients: 200,
  /** Recipients one run of a subscription may address (an audience included). */
  maxRecipients: 1_000,
  /** First rows of the table in the mail. */
  maxTableRows: 50,
  /** Subscriptions and alerts one user may own. */
  maxPerOwner: 50,
} as const;

/** `HH:MM`, 24-hour clock, in the subscription's time zone. */
export const scheduleTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (00:00–23:59)');
/** 0 = Sunday … 6 = Saturday. */
export const weekdaySchema = z.number().int().min(0).max(6);

export const subscriptionScheduleSchema = z.discriminatedUnion('every', [
  z.object({ every: z.literal('day'), time: scheduleTimeSchema }).strict(),
  z
    .object({
      every: z.literal('weekdays'),
      time: scheduleTimeSchema,
      weekdays: z.array(weekdaySchema).min(1).max(7),
    })
    .strict(),
  z.object({ every: z.literal('week'), time: scheduleTimeSchema, weekday: weekdaySchema }).strict(),
  /** Day 1–28: every month has it. */
  z
    .object({ every: z.literal('month'), time: scheduleTimeSchema, day: z.number().int().min(1).max(28) })
    .strict(),
]);
export type SubscriptionSchedule = z.infer<typeof subscriptionScheduleSchema>;

/** An IANA time zone name the server's Intl knows (`Europe/Vienna`, `UTC`). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (name) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: name });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'must be a time zone such as Europe/Berlin' },
  );

export const subscriptionIncludeSchema = z
  .object({
    /** The report's charts as PNG images. */
    charts: z.boolean(),
    /** The table's first rows in the mail (0 → none). */
    tableRows: z.number().int().min(0).max(subscriptionLimits.maxTableRows),
    /** The whole result as a file. */
    attachment: z.enum(['none', 'csv', 'xlsx']),
  })
  .strict();
export type SubscriptionInclude = z.infer<typeof subscriptionIncludeSchema>;

const columnNameSchema = z.string().min(1).max(128);
export const alertConditionSchema = z.discriminatedUnion('test', [
  z.object({ test: z.literal('above'), column: columnNameSchema, value: z.number().finite() }).strict(),
  z.object({ test: z.literal('below'), column: columnNameSchema, value: z.number().finite() }).strict(),
  z
    .object({
      test: z.literal('changed-by'),
      column: columnNameSchema,
      percent: z.number().finite().positive().max(100_000),
    })
    .strict(),
  z.object({ test: z.literal('has-rows') }).strict(),
  z.object({ test: z.literal('no-rows') }).strict(),
]);
export type AlertCondition = z.infer<typeof alertConditionSchema>;

export const subscriptionAudienceSchema = z
  .object({
    roles: z.array(roleKeySchema).max(2),
    subscriptions: z.array(subscriptionSchema).max(2),
  })
  .strict();

/** Administrators only: whom a subscription is for besides (or instead of) its owner. */
export const subscriptionRecipientsSchema = z
  .object({
    userIds: z.array(z.string().min(1).max(64)).max(subscriptionLimits.maxListedRecipients),
    audience: subscriptionAudienceSchema.nullable(),
  })
  .strict();
export type SubscriptionRecipients = z.infer<typeof subscriptionRecipientsSchema>;

export const subscriptionKindSchema = z.enum(['subscription', 'alert']);
export const subscriptionTargetKindSchema = z.enum(['report', 'dashboard']);

const subscriptionFields = {
  kind: subscriptionKindSchema.default('subscription'),
  targetKind: subscriptionTargetKindSchema,
  /** The report's menu item name, or the dashboard's layout id as text. */
  targetName: z.string().min(1).max(200),
  schedule: subscriptionScheduleSchema,
  /** The schedule's time zone (the dialog offers the browser's); absent → the owner's time zone for schedules. */
  timeZone: timeZoneSchema.optional(),
  parameterValues: parameterValuesSchema.default({}),
  include: subscriptionIncludeSchema,
  skipEmpty: z.boolean().default(false),
  /** Alerts only: the condition on the report's result; `mail` → an e-mail besides the live notification. */
  condition: alertConditionSchema.nullable().default(null),
  alertByMail: z.boolean().default(false),
  paused: z.boolean().default(false),
  recipients: subscriptionRecipientsSchema.nullable().default(null),
};

/** `POST /api/subscriptions` and `PUT /api/subscriptions/:id`. */
export const subscriptionBodySchema = withClientBody(subscriptionFields);
export type SubscriptionBody = z.input<typeof subscriptionBodySchema>;

export const deliveryStatuses = [
  'queued',
  'sending',
  'retrying',
  'sent',
  'skipped-empty',
  'not-allowed',
  'failed',
] as const;
export const deliveryStatusSchema = z.enum(deliveryStatuses);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const deliverySchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  targetKind: subscriptionTargetKindSchema,
  targetName: z.string(),
  recipientEmail: z.string(),
  status: deliveryStatusSchema,
  reason: z.string().nullable(),
  attempts: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const subscriptionViewSchema = z.object({
  id: z.string(),
  kind: subscriptionKindSchema,
  targetKind: subscriptionTargetKindSchema,
  targetName: z.string(),
  /** The report's or dashboard's title in the request's language ('' when the owner may no longer see it). */
  title: z.string(),
  schedule: subscriptionScheduleSchema,
  timeZone: z.string(),
  parameterValues: parameterValuesSchema,
  include: subscriptionIncludeSchema,
  skipEmpty: z.boolean(),
  condition: alertConditionSchema.nullable(),
  alertByMail: z.boolean(),
  alertState: z.enum(['normal', 'triggered']),
  paused: z.boolean(),
  recipients: subscriptionRecipientsSchema.nullable(),
  /** Whom it goes to by name: the listed users (an audience is told by `recipients`), or its owner. */
  recipientNames: z.array(z.string()),
  ownerId: z.string(),
  lastDelivery: deliverySchema.nullable(),
  createdAt: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const subscriptionsResponseSchema = z.object({ subscriptions: z.array(subscriptionViewSchema) });
export const deliveriesResponseSchema = z.object({ deliveries: z.array(deliverySchema) });
export const subscriptionIdParamsSchema = z.object({ id: z.guid({ error: 'must be a subscription id' }) });
export const deliveriesQuerySchema = withClientQuery({
  subscriptionId: z.guid().optional(),
  status: deliveryStatusSchema.optional(),
});
export const sendNowResponseSchema = z.object({ deliveries: z.number().int() });

/** The user's time zone for schedules (Settings → My subscriptions). */
export const deliverySettingsSchema = z.object({ timeZone: timeZoneSchema });
export const deliverySettingsBodySchema = withClientBody({ timeZone: timeZoneSchema });

/** `POST /api/subscriptions/unsubscribe`: the signed token of a mail's unsubscribe link. */
export const unsubscribeBodySchema = withClientBody({ token: z.string().min(10).max(2_000) });
export const unsubscribeResponseSchema = z.object({ targetName: z.string() });

// ---- the mail outbox (management)

export const outboxAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export const outboxMailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  attachments: z.array(outboxAttachmentSchema),
});
export const outboxResponseSchema = z.object({
  /** `smtp` when SMTP_URL is set: new mails are sent, the outbox keeps only what was written before. */
  via: z.enum(['smtp', 'outbox']),
  mails: z.array(outboxMailSummarySchema),
});
export const outboxMailSchema = outboxMailSummarySchema.extend({ text: z.string(), html: z.string() });
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxMailParamsSchema = z.object({ id: z.guid({ error: 'must be a mail id' }) });
