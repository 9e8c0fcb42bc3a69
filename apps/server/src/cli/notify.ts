import path from 'node:path';
import { parseArgs } from 'node:util';
import { notificationDraftSchema } from '@cockpit/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { type Database, openConfiguredDatabase } from '../db/database';
import { organisations, user } from '../db/core-tables';
import { sendNotifications } from '../features/notifications/notifications-sender';
import { HttpError } from '../lib/http-error';

// `npm run notify -- …`: operators send a notification without the management screen, through the same
// service as `POST /api/management/notifications` (same validation, same organisation boundary). Every
// running server process pushes it to open streams (database trigger + LISTEN, docs/product.md §D.5).

export const notifyUsage = `Usage: npm run notify -- --organisation <name> (--all | --to <e-mail> [--to <e-mail> …])
         --title-en <text> --text-en <text> [--title-de <text>] [--text-de <text>] [--url <https://…>]

Sends one notification to every active user of the organisation (--all) or to the listed users of it.
German is optional: left out, German users read the English text.
Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: PGlite allows one process).`;

/** A mistake of the operator: printed with the usage, exit code 2. */
export class NotifyUsageError extends Error {
  override name = 'NotifyUsageError';
}

export interface NotifyRequest {
  organisation: string;
  recipients: 'all' | string[];
  draft: ReturnType<typeof notificationDraftSchema.parse>;
}

export function parseNotifyArgs(argv: string[]): NotifyRequest {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        organisation: { type: 'string' },
        all: { type: 'boolean' },
        to: { type: 'string', multiple: true },
        'title-en': { type: 'string' },
        'title-de': { type: 'string' },
        'text-en': { type: 'string' },
        'text-de': { type: 'string' },
        url: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new NotifyUsageError(error instanceof Error ? error.message : String(error));
  }
  if (!values.organisation) throw new NotifyUsageError('--organisation is required');
  if ((values.all === true) === (values.to !== undefined))
    throw new NotifyUsageError('give either --all or at least one --to');
  const draft = notificationDraftSchema.safeParse({
    title: { en: values['title-en'], de: values['title-de'] },
    text: { en: values['text-en'], de: values['text-de'] },
    ...(values.url !== undefined ? { url: values.url } : {}),
  });
  if (!draft.success) {
    const issue = draft.error.issues[0];
    // The path of the field is the option's name: ['title', 'en'] → --title-en.
    throw new NotifyUsageError(`--${issue?.path.join('-') ?? 'input'}: ${issue?.message ?? 'invalid'}`);
  }
  return {
    organisation: values.organisation,
    recipients: values.all ? 'all' : (values.to ?? []),
    draft: draft.data,
  };
}

/** Resolves the organisation and e-mails, sends, and returns the line to print. */
export async function runNotify(db: Database, request: NotifyRequest): Promise<string> {
  const [organisation] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, request.organisation));
  if (!organisation) throw new NotifyUsageError(`no organisation named '${request.organisation}'`);

  let recipients: 'all' | string[] = 'all';
  if (request.recipients !== 'all') {
    const emails = [...new Set(request.recipients.map((email) => email.trim().toLowerCase()))];
    const found = await db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(and(eq(user.organisationId, organisation.id), inArray(user.email, emails)));
    const missing = emails.filter((email) => !found.some((row) => row.email.toLowerCase() === email));
    if (missing.length > 0)
      throw new NotifyUsageError(`not users of '${request.organisation}': ${missing.join(', ')}`);
    recipients = found.map((row) => row.id);
  }
  try {
    const result = await sendNotifications(db, {
      organisationId: organisation.id,
      recipients,
      draft: request.draft,
    });
    return `Sent to ${result.recipients} user(s) of '${request.organisation}' (batch ${result.batchId}).`;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) throw new NotifyUsageError(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  let request: NotifyRequest;
  let config;
  try {
    request = parseNotifyArgs(process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    if (error instanceof NotifyUsageError || error instanceof ConfigError) {
      console.error(`${error.message}\n\n${notifyUsage}`);
      process.exit(2);
    }
    throw error;
  }

  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    console.log(await runNotify(database.db, request));
  } catch (error) {
    console.error(error instanceof NotifyUsageError ? error.message : error);
    process.exitCode = error instanceof NotifyUsageError ? 2 : 1;
  } finally {
    await database.close();
  }
}

// Run only as a command, not when a test imports the functions above.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void main();
