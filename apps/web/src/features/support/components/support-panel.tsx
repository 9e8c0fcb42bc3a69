import { Anchor, Button, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBook, IconExternalLink, IconMail, IconPhone, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '@cockpit/contracts';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { supportLinksFor, telHref } from '../support-links';

type SupportPanelProps = {
  /** The support block of the app config; undefined while loading. */
  support: AppConfig['support'] | undefined;
  isError?: boolean;
  onRetry?: () => void;
};

/**
 * docs/product.md §1 / §2 support panel: the provider's postal address, phone, e-mail (mailto), the knowledge
 * base (English variant for English) and a button opening the interactive tutorial in a new tab (one
 * for English, another for other locales). Every value comes from the server's configuration.
 */
export function SupportPanel({ support, isError = false, onRetry }: SupportPanelProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();

  if (isError) {
    return <PlaceholderTile compact headingOrder={3} onRetry={onRetry} />;
  }
  if (!support) {
    return (
      <Stack gap="sm" p="md" aria-hidden="true">
        <Skeleton height={20} width="60%" />
        <Skeleton height={48} />
        <Skeleton height={16} />
        <Skeleton height={16} />
      </Stack>
    );
  }

  const { knowledgeBaseUrl, tutorialUrl } = supportLinksFor(support, language);
  return (
    <Stack gap="md" p="md" data-testid="support-panel">
      <Title order={2} size="h4">
        {t('support.title')}
      </Title>
      <Text size="sm">{t('support.intro')}</Text>

      <Stack gap={4}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('support.address')}
        </Text>
        <Text
          component="address"
          size="sm"
          fs="normal"
          style={{ whiteSpace: 'pre-line' }}
          data-testid="support-address"
        >
          {support.postalAddress.replace(/,\s*/g, '\n')}
        </Text>
      </Stack>

      <Stack gap={6}>
        <Anchor href={telHref(support.phone)} size="sm" data-testid="support-phone">
          <IconPhone size={14} aria-hidden="true" style={{ verticalAlign: '-2px', marginRight: 6 }} />
          {t('support.phone', { phone: support.phone })}
        </Anchor>
        <Anchor href={`mailto:${support.email}`} size="sm" data-testid="support-email">
          <IconMail size={14} aria-hidden="true" style={{ verticalAlign: '-2px', marginRight: 6 }} />
          {t('support.email', { email: support.email })}
        </Anchor>
        <Anchor
          href={knowledgeBaseUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          data-testid="support-knowledge-base"
        >
          <IconBook size={14} aria-hidden="true" style={{ verticalAlign: '-2px', marginRight: 6 }} />
          {t('support.knowledgeBase')}
          <IconExternalLink size={12} aria-hidden="true" style={{ verticalAlign: '-1px', marginLeft: 4 }} />
          <VisuallyHidden> ({t('menu.opensInNewWindow')})</VisuallyHidden>
        </Anchor>
      </Stack>

      <Button
        component="a"
        href={tutorialUrl}
        target="_blank"
        rel="noopener noreferrer"
        leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
        h="auto"
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
        data-testid="support-tutorial"
      >
        {t('support.tutorial')}
        <VisuallyHidden> ({t('menu.opensInNewWindow')})</VisuallyHidden>
      </Button>
    </Stack>
  );
}
