import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { attributeClaimsSchema, type AttributeClaims } from '@cockpit/contracts';

/** One row of the mapping as typed: an attribute key and the claim that sets it. */
export type AttributeClaimRow = { key: string; claim: string };

export const rowsOfClaims = (claims: AttributeClaims | undefined): AttributeClaimRow[] =>
  Object.entries(claims ?? {}).map(([key, claim]) => ({ key, claim }));

/** The mapping to send, or `null` when a row is incomplete, invalid or names a key twice. */
export function claimsOfRows(rows: readonly AttributeClaimRow[]): AttributeClaims | null {
  const filled = rows.filter((row) => row.key.trim() !== '' || row.claim.trim() !== '');
  const keys = filled.map((row) => row.key.trim());
  if (new Set(keys).size !== keys.length) return null;
  const parsed = attributeClaimsSchema.safeParse(
    Object.fromEntries(filled.map((row) => [row.key.trim(), row.claim.trim()])),
  );
  return parsed.success ? parsed.data : null;
}

type AttributeClaimsFieldProps = {
  rows: AttributeClaimRow[];
  onChange: (rows: AttributeClaimRow[]) => void;
  error?: string | undefined;
};

/**
 * Management → Sign-in: which claim of the provider sets which user attribute at each sign-in
 * (decision 027), e.g. `region` ← `region`, `team` ← `groups`.
 */
export function AttributeClaimsField({ rows, onChange, error }: AttributeClaimsFieldProps) {
  const { t } = useTranslation();
  const update = (index: number, change: Partial<AttributeClaimRow>) =>
    onChange(rows.map((row, position) => (position === index ? { ...row, ...change } : row)));
  return (
    <Fieldset legend={t('management.signIn.attributeClaims')} variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('management.signIn.attributeClaimsHint')}
        </Text>
        {rows.map((row, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap" data-testid="attribute-claim">
            <TextInput
              label={t('management.signIn.attributeKey')}
              value={row.key}
              onChange={(event) => update(index, { key: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <TextInput
              label={t('management.signIn.claimName')}
              value={row.claim}
              onChange={(event) => update(index, { claim: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              onClick={() => onChange(rows.filter((_, position) => position !== index))}
              aria-label={t('management.signIn.removeAttributeClaim', { key: row.key || String(index + 1) })}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => onChange([...rows, { key: '', claim: '' }])}
          >
            {t('management.signIn.addAttributeClaim')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
