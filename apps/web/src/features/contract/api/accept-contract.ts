import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type ContractOverview } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { contractOverviewQueryKey } from './get-contract';

/** `POST /api/management/contract/:id/accept`: the pending contract becomes the current one. */
export function acceptContract(id: string): Promise<ContractOverview> {
  return api.call(apiRoutes.acceptContract, { params: { id }, body: {} });
}

/** `onAccepted` lets the app end the new-contract notice (another feature) without this one knowing it. */
export function useAcceptContract(onAccepted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptContract,
    onSuccess: async () => {
      onAccepted?.();
      await queryClient.invalidateQueries({ queryKey: contractOverviewQueryKey });
    },
  });
}
