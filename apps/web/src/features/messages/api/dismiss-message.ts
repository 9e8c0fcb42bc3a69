import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPathWith, messagesApiPaths } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { currentMessageQueryKey } from './get-current-message';

/** Closing a banner card for good: the server remembers it, so it stays closed after a reload. */
export function dismissMessage(id: string): Promise<void> {
  return api.post(apiPathWith(messagesApiPaths.dismissal, { id }), { json: {} });
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
