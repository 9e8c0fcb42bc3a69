import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/use-document-title';

type PageProps = { title: string; children?: ReactNode };

/** A routed page in the content area: sets the tab title (spec §2 "titled …") and shows it as heading. */
export function Page({ title, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <Stack component="section" gap="md" p="xl" aria-labelledby="page-title">
      <Title order={1} id="page-title">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
