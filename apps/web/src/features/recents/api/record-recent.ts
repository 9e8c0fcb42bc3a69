import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiRoutes,
  type RecentKind,
  type RecentOpening,
  type RecentOpeningResponse,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { recentsQueryKey } from './get-recents';

/**
 * `POST /api/user/recents`: the user opened a report or a dashboard. 404 (no such item in the user's
 * organisation — a mistyped address, say) is a normal answer here, not an error to report: the page
 * itself says "not found".
 */
export function recordRecent(opening: RecentOpening): Promise<RecentOpeningResponse> {
  return api.call(apiRoutes.recordRecent, { body: opening, expectedStatuses: [404] });
}

/** Records an opening; the recent items are read again afterwards. */
export function useRecordRecent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['record-recent'],
    // lib/global-loading: recording in the background must not spin the content area's indicator.
    meta: { globalLoading: false },
    mutationFn: recordRecent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recentsQueryKey }),
  });
}

/**
 * Opening a report or a dashboard page records it (once per page shown: another item, or leaving and
 * coming back, records again). A failure is only logged (by the API client): the page works without it.
 */
export function useRecordOpening(kind: RecentKind, name: string | undefined): void {
  const { mutate } = useRecordRecent();
  useEffect(() => {
    if (name) mutate({ kind, name });
  }, [kind, name, mutate]);
}
