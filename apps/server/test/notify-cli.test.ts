import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotifyUsageError, parseNotifyArgs, runNotify } from '../src/cli/notify';
import type { DatabaseHandle } from '../src/db/database';
import { notifications } from '../src/features/notifications/notifications-schema';
import { organisations, user } from '../src/db/core-tables';
import { seedDemoData } from '../src/seed/seed';
import { demoUsers, openTestDatabase, testDrivers } from './helpers/build-test-app';

// `npm run notify` (live notifications): operators send through the same service and rules as the admin API.

const content = ['--title-en', 'Hello', '--title-de', 'Hallo', '--text-en', 'Text', '--text-de', 'Text'];

describe('parseNotifyArgs', () => {
  it('reads the organisation, recipients and content', () => {
    expect(
      parseNotifyArgs(['--organisation', 'Demo GmbH', '--all', ...content, '--url', ' https://example.com ']),
    ).toEqual({
      organisation: 'Demo GmbH',
      recipients: 'all',
      draft: {
        title: { en: 'Hello', de: 'Hallo' },
        text: { en: 'Text', de: 'Text' },
        url: 'https://example.com',
      },
    });
    expect(
      parseNotifyArgs(['--organisation', 'X', '--to', 'a@x', '--to', 'b@x', ...content]).recipients,
    ).toEqual(['a@x', 'b@x']);
    // German is optional: left out, it reads the English text.
    expect(
      parseNotifyArgs(['--organisation', 'X', '--all', '--title-en', 'Hi', '--text-en', 'T']).draft.title,
    ).toEqual({ en: 'Hi', de: '' });
  });

  it.each([
    ['no organisation', ['--all', ...content], '--organisation'],
    ['neither --all nor --to', ['--organisation', 'X', ...content], '--all'],
    ['both --all and --to', ['--organisation', 'X', '--all', '--to', 'a@x', ...content], '--all'],
    ['a missing English title', ['--organisation', 'X', '--all', ...content.slice(2)], '--title-en'],
    [
      'a javascript: url',
      ['--organisation', 'X', '--all', ...content, '--url', 'java\tscript:alert(1)'],
      '--url',
    ],
    ['an unknown option', ['--organisation', 'X', '--all', ...content, '--priority', 'high'], 'priority'],
  ])('refuses %s', (_name, argv, mentioned) => {
    expect(() => parseNotifyArgs(argv)).toThrow(NotifyUsageError);
    expect(() => parseNotifyArgs(argv)).toThrow(mentioned);
  });
});

describe.each(testDrivers())('runNotify (%s)', (driver) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dropDatabase: drop } = await openTestDatabase(driver));
    await database.migrate();
    await seedDemoData(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const countFor = async (email: string, title: string) => {
    const rows = await database.db
      .select({ title: notifications.content })
      .from(notifications)
      .innerJoin(user, eq(user.id, notifications.userId))
      .where(eq(user.email, email));
    return rows.filter((row) => row.title.title.en === title).length;
  };

  it('sends to every active user of the organisation only', async () => {
    const message = await runNotify(
      database.db,
      parseNotifyArgs([
        '--organisation',
        'Beispiel AG',
        '--all',
        ...content.map((v) => (v === 'Hello' ? 'CLI all' : v)),
      ]),
    );
    const [beispiel] = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Beispiel AG'));
    const members = await database.db
      .select()
      .from(user)
      .where(eq(user.organisationId, beispiel?.id ?? ''));
    expect(message).toContain(`Sent to ${members.filter((m) => m.active).length} user(s) of 'Beispiel AG'`);
    expect(await countFor(demoUsers.beispielAdmin, 'CLI all')).toBe(1);
    expect(await countFor(demoUsers.member, 'CLI all')).toBe(0);
  });

  it('sends to listed e-mails of the organisation and refuses anyone else', async () => {
    const listed = content.map((v) => (v === 'Hello' ? 'CLI listed' : v));
    await runNotify(
      database.db,
      parseNotifyArgs(['--organisation', 'Demo GmbH', '--to', demoUsers.member.toUpperCase(), ...listed]),
    );
    expect(await countFor(demoUsers.member, 'CLI listed')).toBe(1);
    expect(await countFor(demoUsers.admin, 'CLI listed')).toBe(0);
    await expect(
      runNotify(
        database.db,
        parseNotifyArgs(['--organisation', 'Demo GmbH', '--to', demoUsers.beispielAdmin, ...listed]),
      ),
    ).rejects.toThrow(`not users of 'Demo GmbH': ${demoUsers.beispielAdmin}`);
    await expect(
      runNotify(database.db, parseNotifyArgs(['--organisation', 'Nope', '--all', ...listed])),
    ).rejects.toThrow("no organisation named 'Nope'");
  });
});
