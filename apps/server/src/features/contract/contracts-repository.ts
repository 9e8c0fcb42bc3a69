import {
  type Contract,
  type ContractOverview,
  contractStatusSchema,
  subscriptionSchema,
} from '@cockpit/contracts';
import { and, count, eq } from 'drizzle-orm';
import { type Actor, recordActivity } from '../../activity';
import type { Database } from '../../db/database';
import { organisations, user } from '../../db/core-tables';
import { contracts } from './contract-schema';

type ContractRow = typeof contracts.$inferSelect;

function toContract(row: ContractRow, acceptedByName: string | null, german: boolean): Contract {
  return {
    id: row.id,
    reference: row.reference,
    plan: subscriptionSchema.catch('basic').parse(row.plan),
    seats: row.seats,
    monthlyFeeCents: row.monthlyFeeCents,
    currency: row.currency,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    status: contractStatusSchema.catch('superseded').parse(row.status),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    acceptedByName,
    terms: german ? row.termsDe : row.termsEn,
  };
}

export type AcceptResult = 'accepted' | 'not-found' | 'not-pending';

/** docs/product.md §D.3 Contract center: ONE organisation's contracts; other organisations' are "not found". */
export function createContractsRepository(db: Database) {
  async function contractWithStatus(organisationId: string, status: 'active' | 'pending', german: boolean) {
    const [row] = await db
      .select({ contract: contracts, acceptedByName: user.name })
      .from(contracts)
      .leftJoin(user, eq(user.id, contracts.acceptedByUserId))
      .where(and(eq(contracts.organisationId, organisationId), eq(contracts.status, status)));
    return row ? toContract(row.contract, row.acceptedByName, german) : null;
  }

  return {
    async overview(organisationId: string, german: boolean): Promise<ContractOverview> {
      const [organisation, current, pending, tiers] = await Promise.all([
        db
          .select({ name: organisations.name })
          .from(organisations)
          .where(eq(organisations.id, organisationId)),
        contractWithStatus(organisationId, 'active', german),
        contractWithStatus(organisationId, 'pending', german),
        db
          .select({ subscription: user.subscription, total: count() })
          .from(user)
          .where(and(eq(user.organisationId, organisationId), eq(user.active, true)))
          .groupBy(user.subscription),
      ]);
      const usersOn = (tier: string) => tiers.find((row) => row.subscription === tier)?.total ?? 0;
      return {
        organisationName: organisation[0]?.name ?? '',
        current,
        pending,
        usage: {
          activeUsers: tiers.reduce((sum, row) => sum + row.total, 0),
          basicUsers: usersOn('basic'),
          proUsers: usersOn('pro'),
        },
      };
    },

    /** For the message service: the pending contract, if any (docs/product.md §2 New-contract notice). */
    async pending(organisationId: string): Promise<ContractRow | null> {
      const [row] = await db
        .select()
        .from(contracts)
        .where(and(eq(contracts.organisationId, organisationId), eq(contracts.status, 'pending')));
      return row ?? null;
    },

    /**
     * Accepting the pending contract makes it the current one and the old current one superseded, in one
     * transaction (the partial unique indexes allow one active and one pending contract per organisation,
     * so of two administrators accepting at once, one wins and the other gets "not pending").
     */
    async accept(actor: Actor, id: string): Promise<AcceptResult> {
      const { organisationId, id: acceptedByUserId } = actor;
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ status: contracts.status, reference: contracts.reference })
          .from(contracts)
          .where(and(eq(contracts.id, id), eq(contracts.organisationId, organisationId)))
          .for('update');
        if (!target) return 'not-found';
        if (target.status !== 'pending') return 'not-pending';
        await tx
          .update(contracts)
          .set({ status: 'superseded' })
          .where(and(eq(contracts.organisationId, organisationId), eq(contracts.status, 'active')));
        await tx
          .update(contracts)
          .set({ status: 'active', acceptedAt: new Date(), acceptedByUserId })
          .where(eq(contracts.id, id));
        await recordActivity(tx, actor, [{ action: 'contract.accepted', target: target.reference }]);
        return 'accepted';
      });
    },
  };
}
