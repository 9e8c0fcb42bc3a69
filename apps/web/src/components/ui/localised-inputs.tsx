import type { ChangeEvent } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A text as the inputs hold it: English, German and the Austrian override (empty = falls back). */
export type LocalisedValues = { en: string; de: string; deAt: string };

type LocalisedInputsProps = {
  /** "Title", "Label" — each input's label starts with it. */
  label: string;
  values: LocalisedValues;
  onChange: (values: LocalisedValues) => void;
  englishError?: string;
  maxLength?: number;
};

/**
 * A text in English (required), German and the Austrian override (spec §9 languages): empty German falls
 * back to English, empty Austrian to German.
 */
export function LocalisedInputs({ label, values, onChange, englishError, maxLength = 200 }: LocalisedInputsProps) {
  const { t } = useTranslation();
  const set = (key: keyof LocalisedValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value; // read now: the updater runs later
    onChange({ ...values, [key]: value });
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label={t('management.data.fields.inEnglish', { label })}
        value={values.en}
        onChange={set('en')}
        required
        error={englishError}
        maxLength={maxLength}
        lang="en"
      />
      <TextInput
        label={t('management.data.fields.inGerman', { label })}
        value={values.de}
        onChange={set('de')}
        maxLength={maxLength}
        lang="de-DE"
      />
      <TextInput
        label={t('management.data.fields.inAustrian', { label })}
        value={values.deAt}
        onChange={set('deAt')}
        maxLength={maxLength}
        lang="de-AT"
      />
    </SimpleGrid>
  );
}
