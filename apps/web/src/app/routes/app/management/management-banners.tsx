import { VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { BannerMessageItem } from '@cockpit/contracts';
import { BannerManagement } from '../../../../features/messages/components/banner-management';
import { currentMessageQueryKey } from '../../../../features/messages/api/get-current-message';
import { MessageCard } from '../../../../features/messages/components/message-card';
import { useSectionTitle } from './use-section-title';

const ignore = () => {};

/**
 * Management area: Banner messages section. The preview is the message banner's own card; after a change the
 * administrator's own message banner asks for the current message again.
 */
export function ManagementBannersRoute() {
  const title = useSectionTitle('management.sections.banners');
  const queryClient = useQueryClient();
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <BannerManagement
        renderPreview={(item: BannerMessageItem) => <MessageCard message={item} onButton={ignore} />}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: currentMessageQueryKey })}
      />
    </>
  );
}
