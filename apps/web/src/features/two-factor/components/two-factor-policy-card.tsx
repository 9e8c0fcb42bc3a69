import { Alert, Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useTwoFactorPolicy } from '../api/get-two-factor-policy';
import { useUpdateTwoFactorPolicy } from '../api/update-two-factor-policy';

/**
 * Management → Sign-in: the organisation's two-factor policy (decision 021). When it is on, everyone who
 * signs in with a password must use a second factor; whoever has none is sent to set it up right after
 * signing in. Single sign-on is exempt (the provider decides). Self-contained: reads and saves itself.
 */
export function TwoFactorPolicyCard() {
  const { t } = useTranslation();
  const policy = useTwoFactorPolicy();
  const update = useUpdateTwoFactorPolicy();

  let content;
  if (policy.isPending) {
    content = <Skeleton height={40} aria-hidden="true" />;
  } else if (policy.isError) {
    content = (
      <Group>
        <Text size="sm">{t('management.twoFactor.loadFailed')}</Text>
        <Button variant="light" onClick={() => void policy.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  } else {
    content = (
      <Switch
        label={t('management.twoFactor.require')}
        description={t('management.twoFactor.requireHint')}
        checked={policy.data.requireTwoFactor}
        disabled={update.isPending}
        onChange={(event) => {
          const requireTwoFactor = event.currentTarget.checked;
          update.mutate(
            { requireTwoFactor },
            {
              onSuccess: () =>
                showToast({
                  type: 'success',
                  title: t('management.twoFactor.saved'),
                  message: t(
                    requireTwoFactor
                      ? 'management.twoFactor.nowRequired'
                      : 'management.twoFactor.nowOptional',
                  ),
                }),
            },
          );
        }}
        data-testid="two-factor-policy-switch"
      />
    );
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="two-factor-policy-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="two-factor-policy-title">
          {t('management.twoFactor.title')}
        </Title>
        {content}
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            {/* 409: the administrator has no second factor yet and would lock themselves out. */}
            {isApiRequestError(update.error) && update.error.status === 409
              ? t('management.twoFactor.ownFirst')
              : t('management.errors.saveFailed')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
