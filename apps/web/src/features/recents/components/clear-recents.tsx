import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useClearRecents } from '../api/clear-recents';

/**
 * The settings page's way to clear the recent items (the reports home's "Continue where you left off").
 * They are stored on the server, so this clears them in every browser of the user.
 */
export function ClearRecents() {
  const { t } = useTranslation();
  const clear = useClearRecents();

  const handleClear = () =>
    clear.mutate(undefined, {
      onSuccess: () =>
        showToast({
          id: 'recents-cleared',
          type: 'success',
          title: t('recents.clear.doneTitle'),
          message: t('recents.clear.doneText'),
        }),
      onError: () =>
        showToast({
          id: 'recents-not-cleared',
          type: 'error',
          title: t('recents.clear.failedTitle'),
          message: t('recents.clear.failedText'),
        }),
    });

  return (
    <Stack gap="sm" maw={640} component="section" aria-labelledby="settings-recents-title">
      <Title order={2} size="h3" id="settings-recents-title">
        {t('recents.clear.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('recents.clear.text')}
      </Text>
      <Button variant="default" w="fit-content" loading={clear.isPending} onClick={handleClear}>
        {t('recents.clear.button')}
      </Button>
    </Stack>
  );
}
