import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ContractOverview, type UiLanguageName } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/management/contract`: current contract, its use and a pending new contract. */
export function getContractOverview(): Promise<ContractOverview> {
  return api.call(apiRoutes.getContract);
}

export const contractOverviewQueryKey = ['management', 'contract'] as const;

/** The terms come in the UI language, so the language is part of the key. */
export function getContractOverviewQueryOptions(language: UiLanguageName) {
  return queryOptions({ queryKey: [...contractOverviewQueryKey, language], queryFn: getContractOverview });
}

export function useContractOverview(language: UiLanguageName) {
  return useQuery(getContractOverviewQueryOptions(language));
}
