import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';

/**
 * An external report (docs/product.md §D.3): the menu opens it directly in a new window; reached by its URL here,
 * the page offers a button that does the same.
 */
export function ExternalReport({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <PlaceholderTile
      icon="search"
      headline={t('reports.external.headline')}
      text={t('reports.external.text')}
    >
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={16} aria-hidden="true" />}
      >
        {t('reports.external.open')}
      </Button>
    </PlaceholderTile>
  );
}
