import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { effectiveCulture, type UserSession } from '@cockpit/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { showToast } from '../../../lib/toast';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { describeUserAgent } from '../utils/describe-user-agent';

type SessionsListProps = {
  /** The culture choice for dates and times (docs/product.md §3 accountSettings.uiCulture; `auto` follows the language). */
  culture: string;
};

/**
 * Settings page section (decision 009): the user's signed-in browsers with when each began and was last
 * active; any other than this one can be ended, which signs that browser out at once. The current one
 * is ended by logging out.
 */
export function SessionsList({ culture: choice }: SessionsListProps) {
  const { t, i18n } = useTranslation();
  const culture = effectiveCulture(choice, i18n.language);
  const sessions = useSessions();
  const end = useEndSession();

  const deviceName = (session: UserSession) => {
    const { browser, system } = describeUserAgent(session.userAgent);
    return t('sessions.device', {
      browser: browser ?? t('sessions.unknownBrowser'),
      system: system ?? t('sessions.unknownSystem'),
    });
  };

  function handleEnd(session: UserSession) {
    end.mutate(session.id, {
      onSuccess: () =>
        showToast({
          id: `session-ended-${session.id}`,
          type: 'success',
          title: t('sessions.ended.title'),
          message: t('sessions.ended.text'),
        }),
      onError: () =>
        showToast({
          id: `session-end-failed-${session.id}`,
          type: 'error',
          title: t('sessions.ended.title'),
          message: t('sessions.endError'),
        }),
    });
  }

  let content;
  if (sessions.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label={t('sessions.loading')}>
        <Skeleton height={64} />
        <Skeleton height={64} />
      </Stack>
    );
  } else if (sessions.isError) {
    content = (
      <Alert role="alert" color="red" variant="light">
        <Group justify="space-between">
          <Text size="sm">{t('sessions.error')}</Text>
          <Button size="xs" variant="light" onClick={() => void sessions.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else {
    const others = sessions.data.filter((session) => !session.current);
    content = (
      <Stack gap="sm">
        {sessions.data.map((session) => {
          const name = deviceName(session);
          const ending = end.isPending && end.variables === session.id;
          return (
            <Paper key={session.id} withBorder radius="md" p="sm" data-testid="session-row">
              <Group justify="space-between" wrap="nowrap" align="center">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconDeviceDesktop aria-hidden="true" size={22} style={{ flexShrink: 0, marginTop: 2 }} />
                  <Stack gap={2}>
                    <Group gap="xs">
                      {/* A user agent is whatever the browser sent: rendered as text, never markup. */}
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                      {session.current && (
                        <Badge color="green" variant="light" size="sm">
                          {t('sessions.current')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('sessions.lastActive', { date: formatDateTime(session.lastActiveAt, culture) })}
                      {' · '}
                      {t('sessions.started', { date: formatDateTime(session.createdAt, culture) })}
                    </Text>
                  </Stack>
                </Group>
                {!session.current && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={ending}
                    aria-label={t('sessions.endLabel', { device: name })}
                    onClick={() => handleEnd(session)}
                  >
                    {t('sessions.end')}
                  </Button>
                )}
              </Group>
            </Paper>
          );
        })}
        {others.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('sessions.empty')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <section aria-labelledby="settings-sessions-title" data-testid="sessions-list">
      <Stack gap="md" maw={640}>
        <Title order={2} size="h3" id="settings-sessions-title">
          {t('sessions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('sessions.description')}
        </Text>
        {content}
      </Stack>
    </section>
  );
}
