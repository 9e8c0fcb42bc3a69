import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { currentMessageQueryKey } from './get-current-message';

/** Closing a banner card for good: the server remembers it, so it stays closed after a reload. */
export async function dismissMessage(id: string): Promise<void> {
  await api.call(apiRoutes.dismissMessage, { params: { id }, body: {} });
}

/**
 * Afterwards the current message is asked for again: the next message of the organisation (if any)
 * takes the closed one's place.
 */
export function useDismissMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentMessageQueryKey }),
  });
}
