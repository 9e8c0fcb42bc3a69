import {
  type AlertCondition,
  type NotificationDraft,
  type ParameterValues,
  type ReportResponse,
  type SubscriptionView,
  type UiLanguageName,
  type ValueFormat,
  dashboardPagePath,
  errorCodes,
  isAdministrator,
  reportPagePath,
  type subscriptionBodySchema,
  subscriptionLimits,
} from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import {
  type CatalogueService,
  catalogueTitleIn,
  mayOpenDashboards,
  visibleDashboard,
  visibleReport,
} from '../../catalogue';
import type { Config } from '../../config';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { batchedWork, settleEach } from '../../lib/job-batches';
import { translate } from '../../lib/language';
import { MailFailure, type Mailer, fill } from '../../mail';
import type { BackgroundJobs } from '../../plugins/background-jobs';
import type { DashboardForReader, DeliveryDependencies } from './delivery-dependencies';
import { type MailTile, buildMailContent } from './mail-content';
import { cronOf } from './schedule';
import {
  type SubscriptionRow,
  type SubscriptionsRepository,
  recipientsOf,
  subscriptionParts,
  subscriptionView,
} from './subscriptions-repository';
import { createUnsubscribeTokens } from './unsubscribe-token';
import { type ValueFormatter, createValueFormatter } from './value-format';

// Subscriptions and alerts (decision 029). A schedule is a pg-boss schedule per subscription (key = its
// id, in its time zone, `missed: 'once'`: a restart catches up the last missed run, once). Each run
// creates one delivery per recipient — unique per occasion, so a repeated run adds none — and queues one
// job per delivery with the delivery's id as the job's id: across processes each is worked once. A
// delivery renders AS ITS RECIPIENT through the report page's own code; its mail goes out once (the
// outbox is keyed by the delivery), a failure is retried with backoff, the last failure tells the owner.

export const queues = {
  run: 'subscription-run',
  delivery: 'subscription-delivery',
  failed: 'subscription-delivery-failed',
} as const;

type Body = z.output<typeof subscriptionBodySchema>;

/** The live notifications a subscription sends its owner (texts in the locale files). */
const noticeKeys = {
  failed: { title: 'subscriptions.notice.failed.title', text: 'subscriptions.notice.failed.text' },
  notAllowed: {
    title: 'subscriptions.notice.notAllowed.title',
    text: 'subscriptions.notice.notAllowed.text',
  },
  alert: { title: 'subscriptions.notice.alert.title', text: 'subscriptions.notice.alert.text' },
  normal: { title: 'subscriptions.notice.normal.title', text: 'subscriptions.notice.normal.text' },
} as const;

export interface SubscriptionsServiceOptions {
  config: Config;
  log: FastifyBaseLogger;
  repository: SubscriptionsRepository;
  catalogue: CatalogueService;
  mailer: Mailer;
  jobs: BackgroundJobs;
  deps: DeliveryDependencies;
}

/** The column an alert watches, as its report's result names and formats it. */
interface AlertColumn {
  label: string;
  /** A number's format (integer, number, currency, percent); 'number' for a column of other values. */
  format: ValueFormat;
}

const numberFormats: ReadonlySet<ValueFormat> = new Set(['integer', 'number', 'currency', 'percent']);

/** Whom an alert's words are for: their language, their culture's formatter, the watched column. */
interface AlertReader {
  language: UiLanguageName;
  formatter: ValueFormatter;
  column: AlertColumn | null;
}

/** Why a delivery ended without a mail: the recipient may not see it (any more). */
class NotAllowed extends Error {}

export function createSubscriptionsService(options: SubscriptionsServiceOptions) {
  const { config, log, repository, catalogue, mailer, jobs, deps } = options;
  const tokens = createUnsubscribeTokens(config.authSecret);

  let queuesReady: Promise<PgBoss> | null = null;
  /** pg-boss with this feature's queues (created once; creating an existing queue changes nothing). */
  const boss = () => {
    queuesReady ??= (async () => {
      const instance = await jobs.boss();
      await instance.createQueue(queues.failed, { retryLimit: 0 });
      await instance.createQueue(queues.run, {
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: 300,
      });
      const deliveryQueue = {
        retryLimit: config.deliveries.retries,
        retryDelay: config.deliveries.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: config.deliveries.timeoutSeconds,
        // A process killed mid-send stops its heartbeat: the delivery is retried soon, not after the timeout.
        heartbeatSeconds: config.deliveries.heartbeatSeconds,
        deadLetter: queues.failed,
      };
      await instance.createQueue(queues.delivery, deliveryQueue);
      // A queue made by an earlier version keeps its options unless they are set again.
      await instance.updateQueue(queues.delivery, deliveryQueue);
      return instance;
    })().catch((error: unknown) => {
      queuesReady = null;
      throw error;
    });
    return queuesReady;
  };

  // ---- schedules

  async function syncSchedule(row: SubscriptionRow): Promise<void> {
    const instance = await boss();
    if (row.paused) {
      await instance.unschedule(queues.run, row.id);
      return;
    }
    await instance.schedule(
      queues.run,
      cronOf(subscriptionParts(row).schedule),
      { subscriptionId: row.id },
      {
        tz: row.timeZone,
        key: row.id,
        missed: 'once',
      },
    );
  }

  // ---- titles and visibility

  async function titleFor(
    user: Pick<AuthenticatedUser, 'organisationId' | 'roleKey' | 'subscription' | 'uiLanguage'>,
    row: Pick<SubscriptionRow, 'targetKind' | 'targetName'>,
  ) {
    const snapshot = await catalogue.snapshot(user.organisationId);
    if (row.targetKind === 'report') {
      const found = visibleReport(snapshot, user, row.targetName);
      if (!found) return null;
      return found.item.leaveTitleUntranslated
        ? found.item.titleEn
        : catalogueTitleIn(user.uiLanguage, found.item);
    }
    const found = visibleDashboard(snapshot, user, Number(row.targetName));
    return found ? catalogueTitleIn(user.uiLanguage, found.dashboard) : null;
  }

  /** Whom each row goes to by name: its listed users, or (for no one listed) its owner. */
  const recipientIdsOf = (row: SubscriptionRow) =>
    recipientsOf(row) === null ? [row.ownerId] : row.recipientIds;

  async function views(user: AuthenticatedUser, rows: SubscriptionRow[]): Promise<SubscriptionView[]> {
    const last = await repository.lastDeliveries(rows);
    // Only users of the reader's own organisation are named (rows are the organisation's anyway).
    const names = await repository.userNames(user.organisationId, [...new Set(rows.flatMap(recipientIdsOf))]);
    return Promise.all(
      rows.map(async (row) =>
        subscriptionView(
          row,
          (await titleFor(user, row)) ?? '',
          last.get(row.id) ?? null,
          recipientIdsOf(row).flatMap((id) => {
            const name = names.get(id);
            return name === undefined ? [] : [name];
          }),
        ),
      ),
    );
  }

  // ---- checks of a body

  /**
   * What the owner subscribes to must be open to them with these values: the report page's own load
   * decides (audiences, parameter types → 400, not visible → 404). An alert's column must be in its result.
   */
  async function checkTarget(owner: AuthenticatedUser, body: Body): Promise<void> {
    if (body.targetKind === 'dashboard') {
      if (!/^\d{1,9}$/.test(body.targetName))
        throw badRequest("Invalid 'targetName': a dashboard is named by its layout id");
      if (body.kind === 'alert') throw badRequest('An alert watches a report, not a dashboard');
      if (Object.keys(body.parameterValues).length > 0)
        throw badRequest('A dashboard subscription takes no parameter values');
      if ((await titleFor(owner, body)) === null)
        throw notFound(`Dashboard '${body.targetName}' is not available`);
      return;
    }
    if ((await titleFor(owner, body)) === null)
      throw notFound(`Report '${body.targetName}' is not available`);
    let answer: ReportResponse | null = null;
    try {
      answer = await deps.reports.load(owner, body.targetName, owner.uiLanguage, body.parameterValues);
    } catch (error) {
      // An administrator may subscribe others to a report filtered by attributes they lack themselves:
      // each recipient's rendering decides (decision 027: a missing attribute never means "all data").
      const othersOnly =
        body.recipients !== null &&
        error instanceof HttpError &&
        (error.code === errorCodes.userAttributeMissing || error.code === errorCodes.rowRuleAttributeMissing);
      if (!othersOnly) throw error;
    }
    if (body.kind === 'alert') {
      if (!body.condition) throw badRequest("An alert needs a 'condition'");
      const condition = body.condition;
      if (
        'column' in condition &&
        !answer?.data?.table?.columns.some((column) => column.key === condition.column)
      ) {
        throw badRequest(
          `Invalid 'condition.column': the report's result has no column '${condition.column}'`,
        );
      }
    } else if (body.condition) {
      throw badRequest("Only an alert has a 'condition'");
    }
  }

  async function checkRecipients(owner: AuthenticatedUser, body: Body): Promise<void> {
    if (!body.recipients) return;
    if (!isAdministrator(owner)) throw forbidden('Only administrators subscribe other users');
    if (body.kind === 'alert') throw badRequest('An alert is for its owner only');
    const wanted = [...new Set(body.recipients.userIds)];
    const found = await repository.usersOfOrganisation(owner.organisationId, wanted);
    // Which id is missing, and whether it is a user of another organisation, is not said (lib/http-error.ts: never reveal them).
    if (found.size !== wanted.length)
      throw notFound('One or more recipients are not users of your organisation');
  }

  const rowValues = (body: Body, timeZone: string) => ({
    kind: body.kind,
    targetKind: body.targetKind,
    targetName: body.targetName,
    schedule: body.schedule,
    timeZone,
    parameterValues: body.parameterValues,
    include: body.include,
    skipEmpty: body.skipEmpty,
    condition: body.condition ? { test: body.condition, mail: body.alertByMail } : null,
    paused: body.paused,
    recipientIds: body.recipients ? [...new Set(body.recipients.userIds)] : [],
    audienceRoles: body.recipients?.audience?.roles ?? [],
    audienceSubscriptions: body.recipients?.audience?.subscriptions ?? [],
  });

  // ---- one run: deliveries for its recipients

  /** One delivery per recipient (the subscription's own, or those given), each queued as its own job. */
  async function queueDeliveries(
    row: SubscriptionRow,
    occasion: string,
    recipientIds?: string[],
  ): Promise<number> {
    const recipients = recipientIds ?? (await repository.recipientIds(row, subscriptionLimits.maxRecipients));
    await repository.createDeliveries(row, recipients, occasion);
    const queued = await repository.queuedDeliveries(row.id, occasion);
    const instance = await boss();
    for (const id of queued) {
      // The job's id is the delivery's: queueing it again (a repeated run) is refused by the database.
      await instance.send(queues.delivery, { deliveryId: id }, { id });
    }
    return recipients.length;
  }

  async function run(subscriptionId: string, occasion: string): Promise<void> {
    const row = await repository.byId(subscriptionId);
    if (!row || row.paused) return;
    if (row.kind === 'alert') {
      await checkAlert(row, occasion);
      return;
    }
    await queueDeliveries(row, occasion);
  }

  // ---- one delivery

  const linkFor = (row: SubscriptionRow, values: ParameterValues) => {
    if (row.targetKind === 'dashboard') return `${config.publicUrl}${dashboardPagePath(row.targetName)}`;
    const query =
      Object.keys(values).length > 0 ? `?values=${encodeURIComponent(JSON.stringify(values))}` : '';
    return `${config.publicUrl}${reportPagePath(row.targetName)}${query}`;
  };

  const unsubscribeUrl = async (row: SubscriptionRow, userId: string, language: string) =>
    `${config.publicUrl}/unsubscribe?lang=${encodeURIComponent(language)}&token=${encodeURIComponent(
      await tokens.sign({ subscriptionId: row.id, userId }),
    )}`;

  async function tellOwner(
    row: SubscriptionRow,
    key: 'failed' | 'notAllowed',
    values: Record<string, string>,
  ) {
    const owner = await repository.reader(row.ownerId);
    if (!owner) return;
    const title = (await titleFor(owner, row)) ?? row.targetName;
    const draft: NotificationDraft = {
      title: {
        en: fill('en', noticeKeys[key].title, { title, ...values }).slice(0, 120),
        de: fill('de-DE', noticeKeys[key].title, { title, ...values }).slice(0, 120),
      },
      text: {
        en: fill('en', noticeKeys[key].text, { title, ...values }).slice(0, 4000),
        de: fill('de-DE', noticeKeys[key].text, { title, ...values }).slice(0, 4000),
      },
    };
    await deps.notify(row.organisationId, [row.ownerId], draft);
  }

  /** Renders and sends one delivery; throws (→ retry) when the mail could not be sent. */
  async function deliver(deliveryId: string, retryCount: number): Promise<void> {
    const delivery = await repository.startAttempt(deliveryId);
    if (!delivery) return; // finished before: a repeated job does nothing
    const row = await repository.byId(delivery.subscriptionId);
    if (!row) return;
    const recipient = await repository.reader(delivery.recipientId);
    if (!recipient || !recipient.active) {
      await repository.finish(deliveryId, 'not-allowed', 'the recipient is deactivated');
      return;
    }
    try {
      const parts = subscriptionParts(row);
      const language = recipient.uiLanguage;
      // Dashboards need the pro subscription (the catalogue's one rule): a basic recipient gets nothing.
      if (row.targetKind === 'dashboard' && !mayOpenDashboards(recipient)) {
        throw new NotAllowed('dashboards need the pro subscription');
      }
      const title = await titleFor(recipient, row);
      if (title === null) throw new NotAllowed('the recipient may not open this report');
      // "Data as of" in the zone the owner chose for the schedule; another recipient's in their own.
      const timeZone =
        recipient.id === row.ownerId ? row.timeZone : await repository.timeZoneOf(recipient.id);
      const formatter = createValueFormatter(recipient.uiCulture, recipient.currencySymbol, language);
      const notAllowedWhenRefused = (error: unknown) => {
        if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403)) {
          return new NotAllowed(error.message);
        }
        return error;
      };
      let answer: ReportResponse;
      let tiles: MailTile[] | undefined;
      if (row.targetKind === 'report') {
        try {
          answer = await deps.reports.load(recipient, row.targetName, language, parts.parameterValues);
        } catch (error) {
          throw notAllowedWhenRefused(error);
        }
      } else {
        // The dashboard as the recipient sees it: its title and each tile's answer (decision 029).
        let dashboard: DashboardForReader;
        try {
          dashboard = await deps.dashboard(recipient, Number(row.targetName), language);
        } catch (error) {
          throw notAllowedWhenRefused(error);
        }
        tiles = dashboard.tiles;
        answer = {
          report: {
            name: row.targetName,
            title: dashboard.title,
            subTitle: dashboard.subTitle,
            kind: 'query',
            frameUrl: null,
            externalUrl: null,
            dataRange: null,
          },

          data: null,
        } as ReportResponse;
      }
      const table = answer.data?.table;
      const isAlert = row.kind === 'alert';
      if (!isAlert && row.skipEmpty && row.targetKind === 'report' && (!table || table.totalRows === 0)) {
        await repository.finish(deliveryId, 'skipped-empty');
        return;
      }
      const content = buildMailContent({
        language,
        formatter,
        timeZone,
        answer,
        values: parts.parameterValues,
        include: parts.include,
        reportUrl: linkFor(row, parts.parameterValues),
        unsubscribeUrl: await unsubscribeUrl(row, recipient.id, language),
        ...(tiles ? { tiles } : {}),
        // An alert's mail opens with what crossed — the column by its label and format, the value its
        // check measured — and says so in its subject (decision 029).
        ...(isAlert && parts.condition
          ? {
              alert: {
                // The value as the data in this mail has it (measured as the check measures it).
                lead: alertText('alert', parts.condition, measure(parts.condition, answer).value, {
                  language,
                  formatter,
                  column: columnOf(answer, parts.condition),
                }),
                condition: describeCondition(parts.condition, {
                  language,
                  formatter,
                  column: columnOf(answer, parts.condition),
                }),
              },
            }
          : {}),
      });
      const attachments = [...content.images];
      if (!isAlert && parts.include.attachment !== 'none' && row.targetKind === 'report') {
        const file = await deps.reports.file(
          recipient,
          row.targetName,
          parts.include.attachment,
          parts.parameterValues,
          language,
        );
        attachments.push({
          filename: file.fileName,
          content: file.content,
          contentType: file.contentType.split(';')[0]!,
        });
      }
      const unsubscribe = await unsubscribeUrl(row, recipient.id, language);
      await mailer.send({
        to: recipient.email,
        subject: content.subject,
        text: content.text,
        html: content.html,
        attachments,
        organisationId: row.organisationId,
        deliveryId,
        // RFC 8058 one-click unsubscribe: the mail client posts to the same signed link.
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await repository.finish(deliveryId, 'sent');
    } catch (error) {
      // The owner is told first: a delivery that shows "not-allowed" or "failed" has told its owner.
      if (error instanceof NotAllowed) {
        await tellOwner(row, 'notAllowed', { recipient: recipient.email });
        await repository.finish(deliveryId, 'not-allowed', error.message);
        return;
      }
      const reason =
        error instanceof MailFailure ? error.reason : error instanceof Error ? error.message : String(error);
      if (retryCount >= config.deliveries.retries) {
        await tellOwner(row, 'failed', { recipient: recipient.email, reason });
        await repository.finish(deliveryId, 'failed', reason);
      } else {
        await repository.finish(deliveryId, 'retrying', reason);
      }
      log.warn({ deliveryId, attempt: retryCount + 1, reason }, 'subscription delivery failed');
      throw error;
    }
  }

  /** A delivery whose job ran out of attempts without finishing it (e.g. it timed out each time). */
  async function deadLetter(deliveryId: string): Promise<void> {
    const delivery = await repository.delivery(deliveryId);
    if (!delivery || !['queued', 'sending', 'retrying'].includes(delivery.status)) return;
    const reason = delivery.reason ?? 'the delivery did not finish in time';
    const row = await repository.byId(delivery.subscriptionId);
    const recipient = await repository.reader(delivery.recipientId);
    if (row) await tellOwner(row, 'failed', { recipient: recipient?.email ?? '', reason });
    await repository.finish(deliveryId, 'failed', reason);
  }

  // ---- alerts: once per crossing, and "back to normal" when it clears

  function measure(
    condition: AlertCondition,
    answer: ReportResponse,
  ): { holds: boolean; value: number | null } {
    const table = answer.data?.table;
    const rows = table?.rows ?? [];
    if (condition.test === 'has-rows')
      return { holds: (table?.totalRows ?? 0) > 0, value: table?.totalRows ?? 0 };
    if (condition.test === 'no-rows')
      return { holds: (table?.totalRows ?? 0) === 0, value: table?.totalRows ?? 0 };
    const index = table?.columns.findIndex((column) => column.key === condition.column) ?? -1;
    // The column's value: the sum over the result's rows (a one-row result: its value).
    let sum: number | null = null;
    if (index >= 0) {
      for (const row of rows) {
        const cell = row[index];
        const number = typeof cell === 'number' ? cell : Number(cell);
        if (cell !== null && Number.isFinite(number)) sum = (sum ?? 0) + number;
      }
    }
    return { holds: false, value: sum };
  }

  async function checkAlert(row: SubscriptionRow, occasion: string): Promise<void> {
    const parts = subscriptionParts(row);
    const condition = parts.condition;
    const owner = await repository.reader(row.ownerId);
    if (!condition || !owner || !owner.active) return;
    let answer: ReportResponse;
    try {
      answer = await deps.reports.load(owner, row.targetName, owner.uiLanguage, parts.parameterValues);
    } catch (error) {
      log.warn({ subscriptionId: row.id, err: error }, 'alert could not read its report');
      return;
    }
    const { value } = measure(condition, answer);
    let holds = measure(condition, answer).holds;
    if (condition.test === 'above') holds = value !== null && value > condition.value;
    if (condition.test === 'below') holds = value !== null && value < condition.value;
    if (condition.test === 'changed-by') {
      const before = row.lastValue;
      holds =
        value !== null &&
        before !== null &&
        (before === 0
          ? value !== 0
          : (Math.abs(value - before) / Math.abs(before)) * 100 > condition.percent);
    }
    const crossed = holds && row.alertState === 'normal';
    const cleared = !holds && row.alertState === 'triggered';
    await repository.recordAlertState(row.id, holds ? 'triggered' : 'normal', value);
    if (!crossed && !cleared) return;

    const title = (await titleFor(owner, row)) ?? row.targetName;
    const key = crossed ? 'alert' : 'normal';
    // The notice has an English and a German text: the column's label in each (the owner's answer's as
    // a fallback when the other language's answer cannot be read now).
    const ownColumn = columnOf(answer, condition);
    const columnIn = async (language: 'en' | 'de-DE') => {
      if (!('column' in condition)) return null;
      if (owner.uiLanguage === language) return ownColumn;
      try {
        const other = await deps.reports.load(owner, row.targetName, language, parts.parameterValues);
        return columnOf(other, condition) ?? ownColumn;
      } catch {
        return ownColumn;
      }
    };
    const noticeText = async (language: 'en' | 'de-DE') =>
      alertText(key, condition, value, {
        language,
        // The notice's two texts are read in either culture of the language: its own fixed culture.
        formatter: createValueFormatter(
          language === 'en' ? 'en-GB' : 'de-DE',
          owner.currencySymbol,
          language,
        ),
        column: await columnIn(language),
      }).slice(0, 4000);
    await deps.notify(row.organisationId, [owner.id], {
      title: {
        en: fill('en', noticeKeys[key].title, { title }).slice(0, 120),
        de: fill('de-DE', noticeKeys[key].title, { title }).slice(0, 120),
      },
      text: { en: await noticeText('en'), de: await noticeText('de-DE') },
      url: linkFor(row, parts.parameterValues),
    });
    // The alert's mail is a delivery like a subscription's: sent by the same worker, retried the same way.
    if (crossed && parts.alertByMail) await queueDeliveries(row, occasion, [owner.id]);
  }

  /** The result's column an alert watches (its label and format in the answer's language), if any. */
  function columnOf(answer: ReportResponse, condition: AlertCondition): AlertColumn | null {
    if (!('column' in condition)) return null;
    const found = answer.data?.table?.columns.find((column) => column.key === condition.column);
    return found
      ? { label: found.label, format: numberFormats.has(found.format) ? found.format : 'number' }
      : null;
  }

  /**
   * What an alert says (its notice's text, its mail's lead) in a reader's language and culture: the
   * column by its label, the threshold and the measured value in the column's format ("Orders is below
   * 20.000 (now 10.970)"; decision 030). A row count is a whole number ("now 11", not "now 11.00").
   */
  function alertText(
    key: 'alert' | 'normal',
    condition: AlertCondition,
    value: number | null,
    reader: AlertReader,
  ): string {
    const format = 'column' in condition ? (reader.column?.format ?? 'number') : 'integer';
    return fill(reader.language, noticeKeys[key].text, {
      condition: describeCondition(condition, reader),
      value: value === null ? '–' : reader.formatter.format(value, format),
    });
  }

  function describeCondition(condition: AlertCondition, reader: AlertReader): string {
    const t = (key: string, values: Record<string, string> = {}) => fill(reader.language, key, values);
    const column = reader.column?.label ?? ('column' in condition ? condition.column : '');
    const format = reader.column?.format ?? 'number';
    switch (condition.test) {
      case 'above':
        return t('subscriptions.condition.above', {
          column,
          value: reader.formatter.format(condition.value, format),
        });
      case 'below':
        return t('subscriptions.condition.below', {
          column,
          value: reader.formatter.format(condition.value, format),
        });
      case 'changed-by':
        return t('subscriptions.condition.changedBy', {
          column,
          percent: reader.formatter.format(condition.percent, 'number'),
        });
      case 'has-rows':
        return t('subscriptions.condition.hasRows');
      case 'no-rows':
        return t('subscriptions.condition.noRows');
    }
  }

  return {
    boss,
    repository,

    /** Registers this feature's workers (processes that work background jobs). */
    async registerWorkers(instance: PgBoss): Promise<void> {
      await boss();
      // Runs and deliveries are worked in batches (lib/job-batches.ts): a backlog — everything due at
      // 8:00 — is fetched again at once instead of a job per polling interval. Runs are mostly database
      // work; a delivery renders on the CPU and then waits for the mail server, so a few at once keep
      // both busy.
      const batches = { ...batchedWork, pollingIntervalSeconds: 1 } as const;
      await instance.work<{ subscriptionId: string }>(
        queues.run,
        { ...batches, localConcurrency: 2 },
        (jobs) => settleEach(jobs, (job) => run(job.data.subscriptionId, job.id)),
      );
      await instance.work<{ deliveryId: string }>(
        queues.delivery,
        { ...batches, localConcurrency: 2 },
        (jobs) => settleEach(jobs, (job) => deliver(job.data.deliveryId, job.retryCount)),
      );
      await instance.work<{ deliveryId: string }>(
        queues.failed,
        { pollingIntervalSeconds: 2 },
        async ([job]) => {
          if (job) await deadLetter(job.data.deliveryId);
        },
      );
    },

    /** The user's own subscriptions and alerts; those an administrator made for others are Management → Mail's. */
    async list(user: AuthenticatedUser) {
      const rows = await repository.listOwned(user.id);
      return views(
        user,
        rows.filter((row) => recipientsOf(row) === null),
      );
    },

    async listOrganisation(user: AuthenticatedUser) {
      return views(user, await repository.listOrganisation(user.organisationId));
    },

    async create(owner: AuthenticatedUser, body: Body): Promise<SubscriptionView> {
      if ((await repository.countOwned(owner.id)) >= subscriptionLimits.maxPerOwner) {
        throw conflict(
          `You have ${subscriptionLimits.maxPerOwner} subscriptions and alerts already; delete one first`,
        );
      }
      await checkRecipients(owner, body);
      await checkTarget(owner, body);
      const row = await repository.insert({
        organisationId: owner.organisationId,
        ownerId: owner.id,
        ...rowValues(body, body.timeZone ?? (await repository.timeZoneOf(owner.id))),
      });
      await syncSchedule(row);
      return (await views(owner, [row]))[0]!;
    },

    async update(owner: AuthenticatedUser, id: string, body: Body): Promise<SubscriptionView> {
      const existing = await repository.owned(id, owner.id);
      if (!existing) throw notFound('Subscription not found');
      await checkRecipients(owner, body);
      await checkTarget(owner, body);
      const row = await repository.update(
        id,
        owner.id,
        rowValues(body, body.timeZone ?? (await repository.timeZoneOf(owner.id))),
      );
      if (!row) throw notFound('Subscription not found');
      await syncSchedule(row);
      return (await views(owner, [row]))[0]!;
    },

    async remove(owner: AuthenticatedUser, id: string): Promise<void> {
      if (!(await repository.remove(id, owner.id))) throw notFound('Subscription not found');
      await (await boss()).unschedule(queues.run, id);
    },

    /** "Send now": one occasion of its own, delivered to every recipient (an alert is checked now). */
    async sendNow(owner: AuthenticatedUser, id: string): Promise<number> {
      const row = await repository.owned(id, owner.id);
      if (!row) throw notFound('Subscription not found');
      const occasion = `now:${crypto.randomUUID()}`;
      // "Check now" checks while the owner waits: the list they look at shows the new state at once
      // (its mail, when it crossed, is a delivery as on schedule).
      if (row.kind === 'alert') {
        await checkAlert(row, occasion);
        return 1;
      }
      return queueDeliveries(row, occasion);
    },

    async setTimeZone(user: AuthenticatedUser, timeZone: string): Promise<void> {
      await repository.setTimeZone(user.id, timeZone);
      // The user's schedules follow their time zone.
      for (const row of await repository.listOwned(user.id)) {
        const updated = await repository.update(row.id, user.id, { timeZone });
        if (updated) await syncSchedule(updated);
      }
    },

    /** The unsubscribe link: once, for its subscription and recipient only. */
    async unsubscribe(token: string): Promise<{ targetName: string }> {
      const claims = await tokens.verify(token);
      if (!claims) throw badRequest('This unsubscribe link is not valid (or has expired)');
      const row = await repository.byId(claims.subscriptionId);
      if (!row) throw new HttpError(410, errorCodes.linkUsed, 'This subscription no longer exists');
      if (!(await repository.optOut(row.id, claims.userId))) {
        throw new HttpError(410, errorCodes.linkUsed, 'You have already unsubscribed');
      }
      log.info({ subscriptionId: row.id }, 'unsubscribed by link');
      return { targetName: row.targetName };
    },

    /** For tests and operators: the text of a server-side message key in a language. */
    text: (language: 'en' | 'de-DE' | 'de-AT', key: string) => translate(language, key),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
