import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type DefinitionsResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `GET /api/management/definitions`: the organisation's report definitions. */
export function getDefinitions(): Promise<DefinitionsResponse> {
  return api.call(apiRoutes.listDefinitions);
}

export const definitionsQueryKey = ['management', 'definitions'] as const;

export function getDefinitionsQueryOptions() {
  return queryOptions({ queryKey: definitionsQueryKey, queryFn: getDefinitions });
}

export function useDefinitions() {
  return useQuery(getDefinitionsQueryOptions());
}
