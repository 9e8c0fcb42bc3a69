import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roleKeys, subscriptions } from '@cockpit/contracts';
import { roleLabel, subscriptionLabel } from '../../../lib/role-labels';
import type { AudienceValues } from '../utils/catalogue-form';

type AudienceFieldsProps = {
  values: AudienceValues;
  onChange: (values: AudienceValues) => void;
};

/**
 * Who sees a group, item or dashboard (decision 015): roles and subscriptions, each a choice of several;
 * nothing chosen means everyone, and a user must match both lists that are set. The server enforces it.
 */
export function AudienceFields({ values, onChange }: AudienceFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('management.catalogue.fields.audience')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('management.catalogue.fields.audienceHint')}
      </Text>
      <Group gap="xl" align="flex-start">
        <Checkbox.Group
          label={t('management.catalogue.fields.roles')}
          value={values.roles}
          onChange={(roles) => onChange({ ...values, roles: roles })}
        >
          <Stack gap={6} mt={6}>
            {roleKeys.map((role) => (
              <Checkbox key={role} value={role} label={roleLabel(t, role)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox.Group
          label={t('management.catalogue.fields.subscriptions')}
          value={values.subscriptions}
          onChange={(chosen) => onChange({ ...values, subscriptions: chosen })}
        >
          <Stack gap={6} mt={6}>
            {subscriptions.map((subscription) => (
              <Checkbox key={subscription} value={subscription} label={subscriptionLabel(t, subscription)} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Group>
    </Stack>
  );
}
