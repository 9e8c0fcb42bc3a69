import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ContractMessageResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** docs/product.md §7 message service: "checks whether a contract message is available and returns an item". */
export function getContractMessage(): Promise<ContractMessageResponse> {
  return api.call(apiRoutes.getContractMessage);
}

/** Invalidated by whoever accepts the contract (the contract center), which ends the notice. */
export const contractMessageQueryKey = ['messages', 'contract'] as const;

export function getContractMessageQueryOptions() {
  return queryOptions({ queryKey: contractMessageQueryKey, queryFn: getContractMessage });
}

/** docs/product.md §6: only an organisation administrator checks for the contract message at all. */
export function useContractMessage(enabled: boolean) {
  return useQuery({ ...getContractMessageQueryOptions(), enabled });
}
