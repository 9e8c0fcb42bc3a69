import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  currencySymbolMaxLength,
  displayNameMaxLength,
  effectiveCulture,
  uiCultureChoices,
  userSettingsUpdateSchema,
  type UiCultureChoice,
  type UserSettings,
  type UserSettingsUpdate,
} from '@cockpit/contracts';
import { formatShortDate } from '../../../lib/date-time';
import { showToast } from '../../../lib/toast';
import { toSettingsUpdate, useUpdateUserSettings } from '../api/update-user-settings';

type Field = keyof UserSettingsUpdate;
type FieldErrors = Partial<Record<Field, string>>;

/** A date and a number in a culture, so the choice shows what it changes (docs/product.md §D.3 short date). */
export function culturePreview(culture: string, currencySymbol: string): string {
  const date = formatShortDate(new Date(2025, 11, 31), culture);
  const number = new Intl.NumberFormat(culture, { minimumFractionDigits: 2 }).format(1234.56);
  return `${date} · ${number} ${currencySymbol}`;
}

type SettingsFormProps = { settings: UserSettings };

/**
 * docs/product.md §D.3 Settings page: UI language, UI culture (dates and numbers), currency symbol and display
 * name, checked with the contracts' rules, saved on the server and applied at once (no reload).
 * Fields the user has not touched follow the saved settings (the header can switch the language).
 */
export function SettingsForm({ settings }: SettingsFormProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateUserSettings();
  const [draft, setDraft] = useState<Partial<UserSettingsUpdate>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const values: UserSettingsUpdate = { ...toSettingsUpdate(settings), ...draft };

  function change<K extends Field>(field: K, value: UserSettingsUpdate[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function messageFor(field: Field, code: string): string {
    if (field === 'displayName') {
      if (code === 'too_small') return t('settings.error.displayNameRequired');
      if (code === 'too_big') return t('settings.error.displayNameTooLong', { count: displayNameMaxLength });
    }
    if (field === 'currencySymbol') {
      if (code === 'too_small') return t('settings.error.currencyRequired');
      if (code === 'too_big') return t('settings.error.currencyTooLong', { count: currencySymbolMaxLength });
    }
    if (code === 'invalid_format') return t('settings.error.invalidCharacters');
    return t('settings.error.invalidValue');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = userSettingsUpdateSchema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= messageFor(field, issue.code);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const previousLanguage = settings.accountSettings.uiLanguage.name;
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft({});
        const language = saved.accountSettings.uiLanguage.name;
        const savedToast = () =>
          showToast({
            id: 'settings-saved',
            type: 'success',
            title: i18n.t('settings.saved.title'),
            message: i18n.t('settings.saved.text'),
          });
        // The toast speaks the language just saved, so it waits for the switch. Not awaited: mutate's
        // callbacks return nothing, and i18next resolves changeLanguage even when a language fails to load.
        if (language === previousLanguage) savedToast();
        else void i18n.changeLanguage(language).then(savedToast);
      },
      onError: () =>
        showToast({
          id: 'settings-not-saved',
          type: 'error',
          title: t('settings.notSaved.title'),
          message: t('settings.notSaved.text'),
        }),
    });
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="settings-preferences-title"
      data-testid="settings-form"
    >
      <Stack gap="md" maw={480}>
        <Title order={2} size="h3" id="settings-preferences-title">
          {t('settings.preferences.title')}
        </Title>
        <NativeSelect
          label={t('settings.language.label')}
          value={values.uiLanguage}
          onChange={(event) =>
            change('uiLanguage', event.currentTarget.value as UserSettingsUpdate['uiLanguage'])
          }
          data={settings.availableUiLanguages.map(({ name }) => ({
            value: name,
            label: t(`languages.${name}`),
          }))}
          error={errors.uiLanguage}
        />
        <NativeSelect
          label={t('settings.culture.label')}
          description={t('settings.culture.example', {
            // "Automatic" shows the format of the language chosen above (docs/decisions/030).
            example: culturePreview(
              effectiveCulture(values.uiCulture, values.uiLanguage),
              values.currencySymbol.trim() || '€',
            ),
          })}
          value={values.uiCulture}
          onChange={(event) => change('uiCulture', event.currentTarget.value as UiCultureChoice)}
          data={uiCultureChoices.map((culture) => ({ value: culture, label: t(`cultures.${culture}`) }))}
          error={errors.uiCulture}
        />
        <TextInput
          label={t('settings.currency.label')}
          description={t('settings.currency.description')}
          value={values.currencySymbol}
          onChange={(event) => change('currencySymbol', event.currentTarget.value)}
          error={errors.currencySymbol}
          styles={{ input: { maxWidth: 160 } }}
          autoComplete="off"
        />
        <TextInput
          label={t('settings.displayName.label')}
          value={values.displayName}
          onChange={(event) => change('displayName', event.currentTarget.value)}
          error={errors.displayName}
          autoComplete="name"
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
