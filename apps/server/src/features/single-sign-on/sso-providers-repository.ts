import {
  attributeClaimsSchema,
  isAdministrator,
  administratorRoleKeys,
  roleKeySchema,
  subscriptionSchema,
  type SignInDomain,
  type SignInSettings,
} from '@cockpit/contracts';
import { and, asc, eq, ilike, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { type Actor, recordActivity } from '../../activity';
import type { Database } from '../../db/database';
import { session, user } from '../../db/core-tables';
import { ssoDomains, ssoProviders } from './single-sign-on-schema';

/** The role keys the administrator rule holds for (docs/product.md §6), for filtering users in SQL. */

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
  /** Attribute key → claim name (decision 027); `undefined` keeps the stored mapping. */
  attributeClaims?: Record<string, string> | undefined;
}

/** The stored claim mapping; one that no longer parses maps nothing. */
export function attributeClaimsOf(row: SsoProviderRow): Record<string, string> {
  const parsed = attributeClaimsSchema.safeParse(row.attributeClaims);
  return parsed.success ? parsed.data : {};
}

/**
 * Whether the organisation's provider refuses this user's password (decision 020): it requires single
 * sign-on and the user is not its break-glass administrator. The exemption holds only while the
 * break-glass user is an active administrator (the database also clears it on demotion or
 * deactivation, migration 0012). Password sign-in and forgotten passwords (decision 031) ask here.
 */
export function passwordsRefused(
  provider: SsoProviderRow | null,
  account: { id: string; roleKey: string; active: boolean },
): boolean {
  if (!provider?.requireSingleSignOn) return false;
  const breakGlass = provider.breakGlassUserId === account.id && account.active && isAdministrator(account);
  return !breakGlass;
}

/** A session that ended because the organisation now requires single sign-on. */
export interface EndedSession {
  userId: string;
  sessionId: string;
}

export type SavedProvider = NonNullable<SignInSettings['provider']>;

/** The provider as administrators see it: never the secret, only whether one is stored. */
export function toSavedProvider(row: SsoProviderRow, domains: SignInDomain[]): SavedProvider {
  return {
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretEncrypted !== '',
    domains,
    newUserRoleKey: roleKeySchema.catch('organisationmember').parse(row.newUserRoleKey),
    newUserSubscription: subscriptionSchema.catch('basic').parse(row.newUserSubscription),
    requireSingleSignOn: row.requireSingleSignOn,
    breakGlassUserId: row.breakGlassUserId,
    attributeClaims: attributeClaimsOf(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Providers and their e-mail domains. Management methods take the organisation id and stay inside it. */
export function createSsoProvidersRepository(db: Database) {
  async function domainsOf(providerId: string): Promise<SignInDomain[]> {
    const rows = await db
      .select({ domain: ssoDomains.domain, verifiedAt: ssoDomains.verifiedAt })
      .from(ssoDomains)
      .where(eq(ssoDomains.providerId, providerId))
      .orderBy(asc(ssoDomains.domain));
    return rows.map((row) => ({ domain: row.domain, verified: row.verifiedAt !== null }));
  }

  return {
    domainsOf,

    /** The provider's proven domains: the only ones that sign people in or create accounts. */
    async verifiedDomainsOf(providerId: string): Promise<string[]> {
      const rows = await db
        .select({ domain: ssoDomains.domain })
        .from(ssoDomains)
        .where(and(eq(ssoDomains.providerId, providerId), isNotNull(ssoDomains.verifiedAt)));
      return rows.map((row) => row.domain);
    },

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

    /**
     * The provider an e-mail domain belongs to (the login screen's "sign in with your organisation"):
     * proven domains only — an unproven claim routes nobody.
     */
    async findByDomain(domain: string): Promise<SsoProviderRow | null> {
      const [row] = await db
        .select({ provider: ssoProviders })
        .from(ssoDomains)
        .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
        .where(and(eq(ssoDomains.domain, domain.toLowerCase()), isNotNull(ssoDomains.verifiedAt)));
      return row?.provider ?? null;
    },

    /** Those of `domains` another organisation has proven. */
    async domainsProvenElsewhere(organisationId: string, domains: string[]): Promise<string[]> {
      if (domains.length === 0) return [];
      const rows = await db
        .select({ domain: ssoDomains.domain })
        .from(ssoDomains)
        .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
        .where(
          and(
            inArray(ssoDomains.domain, domains),
            isNotNull(ssoDomains.verifiedAt),
            ne(ssoProviders.organisationId, organisationId),
          ),
        );
      return rows.map((row) => row.domain);
    },

    /** Those of `domains` in which users of another organisation have their e-mail addresses. */
    async domainsUsedElsewhere(organisationId: string, domains: string[]): Promise<string[]> {
      const used: string[] = [];
      for (const domain of domains) {
        // The domain schema allows only letters, digits, dots and dashes: nothing to escape for ILIKE.
        const [row] = await db
          .select({ id: user.id })
          .from(user)
          .where(and(ilike(user.email, `%@${domain}`), ne(user.organisationId, organisationId)))
          .limit(1);
        if (row) used.push(domain);
      }
      return used;
    },

    /** The organisation's active administrators (the break-glass choices). */
    async administrators(organisationId: string) {
      return db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(
          and(
            eq(user.organisationId, organisationId),
            inArray(user.roleKey, administratorRoleKeys),
            eq(user.active, true),
          ),
        )
        .orderBy(asc(user.name));
    },

    /**
     * Creates or replaces the organisation's provider and its domains in one transaction, with the
     * activity entry. Domains kept keep their proof; new ones start unproven. Turning "require single
     * sign-on" on ends the organisation's password sessions (except the break-glass administrator's and
     * the saving administrator's own); the ended sessions are returned for the session events.
     */
    async save(
      actor: Actor & { sessionId: string },
      input: SsoProviderInput,
    ): Promise<{ endedSessions: EndedSession[] }> {
      const organisationId = actor.organisationId;
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ requireSingleSignOn: ssoProviders.requireSingleSignOn })
          .from(ssoProviders)
          .where(eq(ssoProviders.organisationId, organisationId));
        const values = {
          issuerUrl: input.issuerUrl,
          clientId: input.clientId,
          clientSecretEncrypted: input.clientSecretEncrypted,
          newUserRoleKey: input.newUserRoleKey,
          newUserSubscription: input.newUserSubscription,
          requireSingleSignOn: input.requireSingleSignOn,
          breakGlassUserId: input.breakGlassUserId,
          ...(input.attributeClaims !== undefined ? { attributeClaims: input.attributeClaims } : {}),
          updatedAt: new Date(),
        };
        const [row] = await tx
          .insert(ssoProviders)
          .values({ organisationId, ...values })
          .onConflictDoUpdate({ target: ssoProviders.organisationId, set: values })
          .returning();
        if (!row) throw new Error('provider not saved');
        await tx
          .delete(ssoDomains)
          .where(and(eq(ssoDomains.providerId, row.id), notInArray(ssoDomains.domain, input.domains)));
        await tx
          .insert(ssoDomains)
          .values(input.domains.map((domain) => ({ domain, providerId: row.id })))
          .onConflictDoNothing();
        let endedSessions: EndedSession[] = [];
        if (input.requireSingleSignOn && !before?.requireSingleSignOn) {
          const organisationUsers = tx
            .select({ id: user.id })
            .from(user)
            .where(eq(user.organisationId, organisationId));
          endedSessions = await tx
            .delete(session)
            .where(
              and(
                inArray(session.userId, organisationUsers),
                ne(session.signInMethod, 'sso'),
                ne(session.id, actor.sessionId),
                input.breakGlassUserId === null ? undefined : ne(session.userId, input.breakGlassUserId),
              ),
            )
            .returning({ userId: session.userId, sessionId: session.id });
        }
        await recordActivity(tx, actor, [{ action: 'sign-in.settings-changed', target: input.issuerUrl }]);
        return { endedSessions };
      });
    },

    /**
     * Marks a claimed domain of the organisation proven, with the activity entry. `null` when the
     * organisation does not claim it; throws the unique violation when another organisation proved it.
     */
    async markVerified(actor: Actor, domain: string): Promise<'verified' | null> {
      return db.transaction(async (tx) => {
        const [provider] = await tx
          .select({ id: ssoProviders.id })
          .from(ssoProviders)
          .where(eq(ssoProviders.organisationId, actor.organisationId));
        if (!provider) return null;
        const updated = await tx
          .update(ssoDomains)
          .set({ verifiedAt: sql`coalesce(${ssoDomains.verifiedAt}, now())` })
          .where(and(eq(ssoDomains.providerId, provider.id), eq(ssoDomains.domain, domain)))
          .returning({ domain: ssoDomains.domain });
        if (updated.length === 0) return null;
        await recordActivity(tx, actor, [{ action: 'sign-in.domain-verified', target: domain }]);
        return 'verified';
      });
    },

    async remove(actor: Actor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(ssoProviders)
          .where(eq(ssoProviders.organisationId, actor.organisationId))
          .returning({ issuerUrl: ssoProviders.issuerUrl });
        if (deleted.length === 0) return false;
        await recordActivity(tx, actor, [
          { action: 'sign-in.settings-removed', target: deleted[0]!.issuerUrl },
        ]);
        return true;
      });
    },
  };
}

export type SsoProvidersRepository = ReturnType<typeof createSsoProvidersRepository>;
