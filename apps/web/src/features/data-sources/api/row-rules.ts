import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type RowRule, type RowRuleBody, type RowRulesResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { dataSourcesQueryKey } from './get-data-sources';

// A source's row rules (docs/decisions/044-row-rules.md): per table, "column = user attribute".

export function rowRulesQueryOptions(sourceName: string) {
  return queryOptions({
    queryKey: [...dataSourcesQueryKey, 'row-rules', sourceName],
    queryFn: (): Promise<RowRulesResponse> =>
      api.call(apiRoutes.listRowRules, { params: { name: sourceName } }),
  });
}

export function useRowRules(sourceName: string) {
  return useQuery(rowRulesQueryOptions(sourceName));
}

/** `id` null: a new rule. 400 (no such table or column) and 409 (the column has a rule) are answers the dialog shows. */
export type SaveRowRule = { sourceName: string; id: string | null; body: RowRuleBody };

export function saveRowRule({ sourceName, id, body }: SaveRowRule): Promise<RowRule> {
  const expectedStatuses = [400, 409];
  if (id === null)
    return api.call(apiRoutes.createRowRule, { params: { name: sourceName }, body, expectedStatuses });
  return api.call(apiRoutes.updateRowRule, { params: { name: sourceName, id }, body, expectedStatuses });
}

export function useSaveRowRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRowRule,
    onSuccess: async (_rule, { sourceName }) => {
      await queryClient.invalidateQueries({ queryKey: rowRulesQueryOptions(sourceName).queryKey });
    },
  });
}

export function useDeleteRowRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sourceName, id }: { sourceName: string; id: string }) => {
      await api.call(apiRoutes.deleteRowRule, { params: { name: sourceName, id } });
    },
    onSuccess: async (_nothing, { sourceName }) => {
      await queryClient.invalidateQueries({ queryKey: rowRulesQueryOptions(sourceName).queryKey });
    },
  });
}
