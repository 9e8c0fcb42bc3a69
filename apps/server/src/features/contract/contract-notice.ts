import type { ContractMessageItem } from '@cockpit/contracts';
import type { Database } from '../../db/database';
import { createContractsRepository } from './contracts-repository';

/** The organisation's contract waiting for acceptance, as the new-contract notice names it; `null`: none. */
export type PendingContractNotice = (organisationId: string) => Promise<ContractMessageItem | null>;

/**
 * The new-contract notice of docs/product.md §2 and §6, looked up in the contract center's table. The message
 * service (messages/messages-routes.ts) answers it; app.ts passes it there, as features never import each other.
 */
export function pendingContractNotice(db: Database): PendingContractNotice {
  const contracts = createContractsRepository(db);
  return async (organisationId) => {
    const pending = await contracts.pending(organisationId);
    return pending ? { id: pending.id, reference: pending.reference, startsOn: pending.startsOn } : null;
  };
}
