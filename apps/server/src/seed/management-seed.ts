import type { BannerContent } from '@cockpit/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { bannerMessages } from '../features/messages/messages-schema';
import { contracts } from '../features/contract/contract-schema';
import { organisations } from '../db/core-tables';

// Demo data of the management area: Demo GmbH has a current contract, a pending new contract
// (so its administrator sees the new-contract notice) and one active banner message with a secondary
// action; Beispiel AG has a current contract only.

interface DemoContract {
  reference: string;
  plan: 'basic' | 'pro';
  seats: number;
  monthlyFeeCents: number;
  startsOn: string;
  status: 'active' | 'pending';
  termsEn: string;
  termsDe: string;
}

interface DemoManagement {
  contracts: DemoContract[];
  banners: BannerContent[];
}

/** The first day of next month (`YYYY-MM-DD`): when the demo's new contract would start. */
function firstOfNextMonth(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 10);
}

export const demoWelcomeBanner: BannerContent = {
  en: {
    title: 'Notifications now arrive live',
    body: 'New notifications appear the moment they are sent. Language and date format can be changed in your settings.',
    // No label: the card shows the translated global label (docs/product.md §2 "default primary label").
    primary: { label: null, type: 'close', href: null },
    secondary: { label: 'Open settings', type: 'link', href: '/settings' },
  },
  de: {
    title: 'Benachrichtigungen kommen jetzt live',
    body: 'Neue Benachrichtigungen erscheinen sofort, wenn sie gesendet werden. Sprache und Datumsformat ändern Sie in Ihren Einstellungen.',
    primary: { label: null, type: 'close', href: null },
    secondary: { label: 'Einstellungen öffnen', type: 'link', href: '/settings' },
  },
};

function demoManagement(organisationName: string, now: Date): DemoManagement | null {
  if (organisationName === 'Demo GmbH') {
    return {
      contracts: [
        {
          reference: 'RC-2024-0117',
          plan: 'basic',
          seats: 10,
          monthlyFeeCents: 49_000,
          startsOn: '2024-01-01',
          status: 'active',
          termsEn:
            'Report Cockpit Basic for up to 10 users: all reports, e-mail support on working days. Monthly billing, three months’ notice.',
          termsDe:
            'Report Cockpit Basic für bis zu 10 Benutzer: alle Berichte, E-Mail-Support an Werktagen. Monatliche Abrechnung, drei Monate Kündigungsfrist.',
        },
        {
          reference: 'RC-2025-0342',
          plan: 'pro',
          seats: 25,
          monthlyFeeCents: 129_000,
          startsOn: firstOfNextMonth(now),
          status: 'pending',
          termsEn:
            'Report Cockpit Pro for up to 25 users: all reports and dashboards, live notifications, phone support. Monthly billing, three months’ notice.',
          termsDe:
            'Report Cockpit Pro für bis zu 25 Benutzer: alle Berichte und Dashboards, Live-Benachrichtigungen, Telefon-Support. Monatliche Abrechnung, drei Monate Kündigungsfrist.',
        },
      ],
      banners: [demoWelcomeBanner],
    };
  }
  if (organisationName === 'Beispiel AG') {
    return {
      contracts: [
        {
          reference: 'BA-2023-0008',
          plan: 'pro',
          seats: 5,
          monthlyFeeCents: 39_000,
          startsOn: '2023-07-01',
          status: 'active',
          termsEn:
            'Report Cockpit Pro for up to 5 users: all reports and dashboards, phone support. Yearly billing.',
          termsDe:
            'Report Cockpit Pro für bis zu 5 Benutzer: alle Berichte und Dashboards, Telefon-Support. Jährliche Abrechnung.',
        },
      ],
      banners: [],
    };
  }
  return null;
}

/**
 * Seeds an organisation's contracts and banner messages once: only while it has no contract at all.
 * Contracts are never deleted, so a banner an administrator deleted or a contract they accepted is not
 * brought back by the next start.
 */
export async function seedManagementDemoData(db: Database, now = new Date()): Promise<void> {
  const rows = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.name, ['Demo GmbH', 'Beispiel AG']));
  for (const organisation of rows) {
    const data = demoManagement(organisation.name, now);
    if (!data) continue;
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(eq(contracts.organisationId, organisation.id))
        .limit(1);
      if (existing) return;
      await tx
        .insert(contracts)
        .values(data.contracts.map((contract) => ({ ...contract, organisationId: organisation.id })))
        .onConflictDoNothing();
      if (data.banners.length > 0) {
        await tx.insert(bannerMessages).values(
          data.banners.map((content) => ({
            organisationId: organisation.id,
            startsAt: new Date(now.getTime() - 24 * 60 * 60 * 1000),
            endsAt: null,
            content,
          })),
        );
      }
    });
  }
}
