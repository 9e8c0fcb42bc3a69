import type { ReactNode } from 'react';
import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoleKey, Subscription } from '@cockpit/contracts';

// Static keys (STYLE.md: a script checks every language has them).
const roleLabelKeys: Record<RoleKey, string> = {
  organisationadministrator: 'roles.organisationadministrator',
  organisationmember: 'roles.organisationmember',
};
const subscriptionLabelKeys: Record<Subscription, string> = {
  basic: 'subscription.basic',
  pro: 'subscription.pro',
};

export type MenuHeaderUser = {
  userDisplayName: string;
  roleKey: RoleKey;
  subscription: Subscription;
};

type MenuHeaderProps = {
  user: MenuHeaderUser | undefined;
  /** The language dropdown (settings feature), composed by the layout. */
  languageSelect?: ReactNode;
};

/**
 * spec §2 Menu header: display name, role label, subscription label (a pro tag) and the language
 * dropdown with the available UI languages.
 */
export function MenuHeader({ user, languageSelect }: MenuHeaderProps) {
  const { t } = useTranslation();
  if (!user) {
    return (
      <Stack gap={6} p="md" aria-hidden="true">
        <Skeleton height={16} width="70%" />
        <Skeleton height={12} width="50%" />
      </Stack>
    );
  }
  return (
    <Stack gap={2} p="md" data-testid="menu-header">
      <Text fw={600} size="md" lineClamp={1}>
        {user.userDisplayName}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid="menu-header-role">
          {t(roleLabelKeys[user.roleKey])}
        </Text>
        {user.subscription === 'pro' ? (
          <Badge size="sm" variant="filled" color="orange" data-testid="menu-header-subscription">
            {t(subscriptionLabelKeys.pro)}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" data-testid="menu-header-subscription">
            · {t(subscriptionLabelKeys[user.subscription])}
          </Text>
        )}
      </Group>
      {languageSelect}
    </Stack>
  );
}
