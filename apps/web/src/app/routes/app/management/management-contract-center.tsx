import { useQueryClient } from '@tanstack/react-query';
import { ContractCenter } from '../../../../features/contract/components/contract-center';
import { contractMessageQueryKey } from '../../../../features/messages/api/get-contract-message';
import { useSectionTitle } from './use-section-title';

/**
 * docs/product.md §2 `/management/administrator/contractcenter`, reached from the new-contract notice. Accepting
 * the pending contract asks the message service again, which ends the notice.
 */
export function ContractCenterRoute() {
  // The section has visible headings of its own (pending, current contract).
  useSectionTitle('management.sections.contractCenter');
  const queryClient = useQueryClient();
  return (
    <ContractCenter
      onAccepted={() => void queryClient.invalidateQueries({ queryKey: contractMessageQueryKey })}
    />
  );
}
