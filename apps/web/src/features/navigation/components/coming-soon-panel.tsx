import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A side-panel category whose content arrives with a later issue. */
export function ComingSoonPanel({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" p="md" data-testid="coming-soon-panel">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {t('common.comingSoon')}
      </Text>
    </Stack>
  );
}
