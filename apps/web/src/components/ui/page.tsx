import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/use-document-title';

type PageProps = { title: string; children?: ReactNode };

/** A routed page in the content area: sets the tab title (spec §2 "titled …") and shows it as heading. */
export function Page({ title, children }: PageProps) {
  useDocumentTitle(title);
  return (
    // Less padding on a phone (below Mantine's `sm`, 768 px): the content area is only ~300 px wide there.
    <Stack component="section" gap="md" p={{ base: 'md', sm: 'xl' }} aria-labelledby="page-title">
      <Title order={1} id="page-title">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
