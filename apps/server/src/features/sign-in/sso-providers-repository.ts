import { roleKeySchema, subscriptionSchema, type SignInSettings } from '@cockpit/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { user } from '../../db/schema';
import { ssoDomains, ssoProviders } from './sign-in-schema';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;

/** What an administrator saves; the secret already sealed (secret-box.ts). */
export interface SsoProviderInput {
  issuerUrl: string;
  clientId: string;
  clientSecretEncrypted: string;
  domains: string[];
  newUserRoleKey: string;
  newUserSubscription: string;
  requireSingleSignOn: boolean;
  breakGlassUserId: string | null;
}

export type SavedProvider = NonNullable<SignInSettings['provider']>;

/** The provider as administrators see it: never the secret, only whether one is stored. */
export function toSavedProvider(row: SsoProviderRow, domains: string[]): SavedProvider {
  return {
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretEncrypted !== '',
    domains,
    newUserRoleKey: roleKeySchema.catch('organisationmember').parse(row.newUserRoleKey),
    newUserSubscription: subscriptionSchema.catch('basic').parse(row.newUserSubscription),
    requireSingleSignOn: row.requireSingleSignOn,
    breakGlassUserId: row.breakGlassUserId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Providers and their e-mail domains. Management methods take the organisation id and stay inside it. */
export function createSsoProvidersRepository(db: Database) {
  async function domainsOf(providerId: string): Promise<string[]> {
    const rows = await db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(eq(ssoDomains.providerId, providerId))
      .orderBy(asc(ssoDomains.domain));
    return rows.map((row) => row.domain);
  }

  return {
    domainsOf,

    async findByOrganisation(organisationId: string): Promise<SsoProviderRow | null> {
      const [row] = await db
        .select()
        .from(ssoProviders)
        .where(eq(ssoProviders.organisationId, organisationId));
      return row ?? null;
    },

    async findById(id: string): Promise<SsoProviderRow | null> {
      const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id));
      return row ?? null;
    },

    /** The provider an e-mail domain belongs to (the login screen's "sign in with your organisation"). */
    async findByDomain(domain: string): Promise<SsoProviderRow | null> {
      const [row] = await db
        .select({ provider: ssoProviders })
        .from(ssoDomains)
        .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
        .where(eq(ssoDomains.domain, domain.toLowerCase()));
      return row?.provider ?? null;
    },

    /** Those of `domains` that already belong to another organisation's provider. */
    async domainsTakenElsewhere(organisationId: string, domains: string[]): Promise<string[]> {
      if (domains.length === 0) return [];
      const rows = await db
        .select({ domain: ssoDomains.domain })
        .from(ssoDomains)
        .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
        .where(and(inArray(ssoDomains.domain, domains), ne(ssoProviders.organisationId, organisationId)));
      return rows.map((row) => row.domain);
    },

    /** The organisation's active administrators (the break-glass choices). */
    async administrators(organisationId: string) {
      return db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(
          and(
            eq(user.organisationId, organisationId),
            eq(user.roleKey, 'organisationadministrator'),
            eq(user.active, true),
          ),
        )
        .orderBy(asc(user.name));
    },

    /** Creates or replaces the organisation's provider and its domains in one transaction. */
    async save(organisationId: string, input: SsoProviderInput): Promise<SavedProvider> {
      return db.transaction(async (tx) => {
        const values = {
          issuerUrl: input.issuerUrl,
          clientId: input.clientId,
          clientSecretEncrypted: input.clientSecretEncrypted,
          newUserRoleKey: input.newUserRoleKey,
          newUserSubscription: input.newUserSubscription,
          requireSingleSignOn: input.requireSingleSignOn,
          breakGlassUserId: input.breakGlassUserId,
          updatedAt: new Date(),
        };
        const [row] = await tx
          .insert(ssoProviders)
          .values({ organisationId, ...values })
          .onConflictDoUpdate({ target: ssoProviders.organisationId, set: values })
          .returning();
        if (!row) throw new Error('provider not saved');
        await tx.delete(ssoDomains).where(eq(ssoDomains.providerId, row.id));
        await tx.insert(ssoDomains).values(input.domains.map((domain) => ({ domain, providerId: row.id })));
        return toSavedProvider(row, [...input.domains].sort());
      });
    },

    async remove(organisationId: string): Promise<boolean> {
      const deleted = await db
        .delete(ssoProviders)
        .where(eq(ssoProviders.organisationId, organisationId))
        .returning({ id: ssoProviders.id });
      return deleted.length > 0;
    },
  };
}

export type SsoProvidersRepository = ReturnType<typeof createSsoProvidersRepository>;
