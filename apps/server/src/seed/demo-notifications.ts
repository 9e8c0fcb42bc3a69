import { createHash } from 'node:crypto';
import type { NotificationContent } from '@cockpit/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { notifications } from '../features/notifications/notifications-schema';
import { user } from '../db/core-tables';
import type { DemoOrganisation } from './demo-data';

// Demo live notifications: every demo user gets read and unread ones in German and English, one
// long enough to be clamped at 4 lines (docs/product.md §9) and one with a link.

interface DemoNotification {
  /** Natural key: with the user's e-mail it gives a stable uid, so the seed never duplicates. */
  key: string;
  daysAgo: number;
  wasRead: boolean;
  content: NotificationContent;
}

const longTextEn =
  'On Saturday night the report cockpit moves to new servers. Between 22:00 and 02:00 reports and ' +
  'dashboards may be unavailable for a few minutes at a time; favourites, settings and notifications ' +
  'are kept. Scheduled exports that fall into this window run once the move is complete. Please save ' +
  'open analyses before 22:00. After the move the cockpit starts faster and large tables load in about ' +
  'half the time. If anything looks different afterwards, please contact support and tell us which ' +
  'report you opened and at what time.';

const longTextDe =
  'In der Nacht auf Sonntag zieht das Report-Cockpit auf neue Server um. Zwischen 22:00 und 02:00 Uhr ' +
  'können Berichte und Dashboards jeweils für einige Minuten nicht erreichbar sein; Favoriten, ' +
  'Einstellungen und Benachrichtigungen bleiben erhalten. Geplante Exporte in diesem Zeitraum laufen ' +
  'nach dem Umzug. Bitte speichern Sie offene Analysen vor 22:00 Uhr. Nach dem Umzug startet das Cockpit ' +
  'schneller und große Tabellen laden in etwa der halben Zeit. Sollte Ihnen danach etwas anders ' +
  'vorkommen, wenden Sie sich bitte an den Support und nennen Sie den Bericht und die Uhrzeit.';

export const demoNotifications: DemoNotification[] = [
  {
    key: 'welcome',
    daysAgo: 30,
    wasRead: true,
    content: {
      title: { en: 'Welcome to your report cockpit', de: 'Willkommen in Ihrem Report-Cockpit' },
      text: {
        en: 'Pin the reports you use most to find them under Favorites.',
        de: 'Heften Sie Ihre wichtigsten Berichte an, dann finden Sie sie unter Favoriten.',
      },
    },
  },
  {
    key: 'quarterly-figures',
    daysAgo: 9,
    wasRead: true,
    content: {
      title: { en: 'Quarterly figures are in', de: 'Die Quartalszahlen sind da' },
      text: {
        en: 'The sales and finance reports now include the last quarter.',
        de: 'Die Vertriebs- und Finanzberichte enthalten jetzt das letzte Quartal.',
      },
    },
  },
  {
    key: 'release-notes',
    daysAgo: 3,
    wasRead: false,
    content: {
      title: { en: 'New: export tables to CSV', de: 'Neu: Tabellen als CSV exportieren' },
      text: {
        en: 'Every report table can now be exported. The release notes describe all changes.',
        de: 'Jede Berichtstabelle lässt sich jetzt exportieren. Die Versionshinweise beschreiben alle Änderungen.',
      },
      url: 'https://example.com/release-notes',
    },
  },
  {
    key: 'maintenance',
    daysAgo: 1,
    wasRead: false,
    content: {
      title: { en: 'Planned maintenance on Saturday night', de: 'Geplante Wartung in der Nacht auf Sonntag' },
      text: { en: longTextEn, de: longTextDe },
    },
  },
];

/** A stable uid (UUID layout, version 5 bits) from the user's e-mail and the notification's key. */
export function demoNotificationUid(email: string, key: string): string {
  const hex = createHash('sha256').update(`demo-notification:${email}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** Inserts the missing demo notifications of the organisations' users; existing ones are left as they are. */
export async function seedDemoNotifications(
  db: Database,
  organisations: DemoOrganisation[],
): Promise<number> {
  const emails = organisations.flatMap((organisation) => organisation.users.map((demo) => demo.email));
  if (emails.length === 0) return 0;
  const users = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, emails));
  const now = Date.now();
  const rows = users.flatMap((demo) =>
    demoNotifications.map((notification) => ({
      uid: demoNotificationUid(demo.email, notification.key),
      userId: demo.id,
      date: new Date(now - notification.daysAgo * 86_400_000),
      wasRead: notification.wasRead,
      content: notification.content,
    })),
  );
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: notifications.uid })
    .returning({ uid: notifications.uid });
  return inserted.length;
}
