import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Button, Fieldset, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { userAttributeKeySchema, type UserAttributes } from '@cockpit/contracts';

type UserAttributesFieldProps = {
  /** The attributes set by hand, edited here. */
  value: UserAttributes;
  onChange: (value: UserAttributes) => void;
  /** Keys taken from single sign-on with their values: shown, not edited (the provider sets them). */
  fromSingleSignOn: UserAttributes;
  /** Keys to mark as invalid (after a submit). */
  invalidKeys: ReadonlySet<string>;
};

/**
 * A user's attributes in the edit dialog (decision 027): each key with its values as tags (Enter, `,` or
 * `|` adds one), removable; a new key is added by name. Reports bind them as `user.attributes.<key>`.
 */
export function UserAttributesField({
  value,
  onChange,
  fromSingleSignOn,
  invalidKeys,
}: UserAttributesFieldProps) {
  const { t } = useTranslation();
  const [newKey, setNewKey] = useState('');
  const [keyTried, setKeyTried] = useState(false);
  const taken = (key: string) => Object.hasOwn(value, key) || Object.hasOwn(fromSingleSignOn, key);
  const keyValid = userAttributeKeySchema.safeParse(newKey.trim()).success && !taken(newKey.trim());

  function addKey() {
    setKeyTried(true);
    if (!keyValid) return;
    onChange({ ...value, [newKey.trim()]: [] });
    setNewKey('');
    setKeyTried(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the attribute instead of saving the whole dialog.
    if (event.key === 'Enter') {
      event.preventDefault();
      addKey();
    }
  }

  function remove(key: string) {
    const next = { ...value };
    delete next[key];
    onChange(next);
  }

  return (
    <Fieldset legend={t('management.users.attributes')} variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('management.users.attributesHint')}
        </Text>
        {Object.entries(fromSingleSignOn).map(([key, values]) => (
          <Group key={key} gap="xs" wrap="wrap" data-testid="sso-attribute">
            <Text size="sm" ff="monospace">
              {key}
            </Text>
            {values.map((entry) => (
              <Badge key={entry} variant="light" size="sm" tt="none">
                {entry}
              </Badge>
            ))}
            <Badge variant="outline" color="gray" size="xs" tt="none">
              {t('management.users.attributeFromSso')}
            </Badge>
          </Group>
        ))}
        {Object.entries(value).map(([key, values]) => (
          <Group key={key} gap="xs" align="flex-end" wrap="nowrap">
            <TagsInput
              label={key}
              styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              aria-label={t('management.users.attributeValues', { key })}
              placeholder={t('management.users.attributeValuesPlaceholder')}
              value={values}
              onChange={(next) => onChange({ ...value, [key]: next })}
              splitChars={[',', '|']}
              maxTags={100}
              error={invalidKeys.has(key) ? t('management.users.errors.attributeValues') : undefined}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={invalidKeys.has(key) ? 22 : 2}
              onClick={() => remove(key)}
              aria-label={t('management.users.removeAttribute', { key })}
              title={t('management.users.removeAttribute', { key })}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('management.users.attributeKey')}
            placeholder={t('management.users.attributeKeyPlaceholder')}
            value={newKey}
            onChange={(event) => setNewKey(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            error={keyTried && !keyValid ? t('management.users.errors.attributeKey') : undefined}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={addKey}
            mb={keyTried && !keyValid ? 22 : 0}
          >
            {t('management.users.addAttribute')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** The attributes a user has from single sign-on, and those set by hand. */
export function splitAttributes(attributes: UserAttributes, fromSingleSignOn: readonly string[]) {
  const manual: UserAttributes = {};
  const provided: UserAttributes = {};
  for (const [key, values] of Object.entries(attributes)) {
    if (fromSingleSignOn.includes(key)) provided[key] = values;
    else manual[key] = values;
  }
  return { manual, provided };
}
