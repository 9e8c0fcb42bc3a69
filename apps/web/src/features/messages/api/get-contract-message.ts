import { queryOptions, useQuery } from '@tanstack/react-query';
import { messagesApiPaths, type ContractMessageResponse } from '@cockpit/contracts';
import { api, trusted } from '../../../lib/api-client';

/** spec §7 message service: "checks whether a contract message is available and returns an item". */
export function getContractMessage(): Promise<ContractMessageResponse> {
  // Checked by the server's response schema; the notice is part of the shell, so no zod here (api-client `trusted`).
  return api.get(messagesApiPaths.contract, { schema: trusted<ContractMessageResponse>() });
}

/** Invalidated by whoever accepts the contract (the contract center), which ends the notice. */
export const contractMessageQueryKey = ['messages', 'contract'] as const;

export function getContractMessageQueryOptions() {
  return queryOptions({ queryKey: contractMessageQueryKey, queryFn: getContractMessage });
}

/** spec §6: only an organisation administrator checks for the contract message at all. */
export function useContractMessage(enabled: boolean) {
  return useQuery({ ...getContractMessageQueryOptions(), enabled });
}
