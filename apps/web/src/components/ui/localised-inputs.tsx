import type { ChangeEvent } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@cockpit/contracts';

/** A text as the inputs hold it: English, German and the Austrian override (empty = falls back). */
export type LocalisedValues = { en: string; de: string; deAt: string };

/** Hints below the inputs, so that inputs side by side line up whether they have a hint or not. */
export const hintsBelow: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** The three inputs' labels (`{{label}} (English)` …), their area's wording. */
export type LocalisedLabelKeys = { en: TranslationKey; de: TranslationKey; deAt: TranslationKey };

const dataLabelKeys: LocalisedLabelKeys = {
  en: 'management.data.fields.inEnglish',
  de: 'management.data.fields.inGerman',
  deAt: 'management.data.fields.inAustrian',
};

type LocalisedInputsProps = {
  /** "Title", "Label" — each input's label starts with it. */
  label: string;
  values: LocalisedValues;
  onChange: (values: LocalisedValues) => void;
  /** The English text is required (default); optional texts (sub-titles) are optional as a whole. */
  required?: boolean;
  englishError?: string;
  maxLength?: number;
  autoFocus?: boolean;
  labelKeys?: LocalisedLabelKeys;
  /** Says under German and Austrian what an empty input falls back to. */
  fallbackHints?: { de: string; deAt: string };
};

/**
 * A text in English, German and the Austrian override (the product's three languages): empty German
 * falls back to English, empty Austrian to German.
 */
export function LocalisedInputs({
  label,
  values,
  onChange,
  required = true,
  englishError,
  maxLength = 200,
  autoFocus,
  labelKeys = dataLabelKeys,
  fallbackHints,
}: LocalisedInputsProps) {
  const { t } = useTranslation();
  const set = (key: keyof LocalisedValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value; // read now: the updater runs later
    onChange({ ...values, [key]: value });
  };
  const wrapperOrder = fallbackHints ? { inputWrapperOrder: hintsBelow } : {};
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label={t(labelKeys.en, { label })}
        value={values.en}
        onChange={set('en')}
        required={required}
        error={englishError}
        maxLength={maxLength}
        lang="en"
        data-autofocus={autoFocus || undefined}
        {...wrapperOrder}
      />
      {(['de', 'deAt'] as const).map((key) => (
        <TextInput
          key={key}
          label={t(labelKeys[key], { label })}
          description={fallbackHints?.[key]}
          value={values[key]}
          onChange={set(key)}
          maxLength={maxLength}
          lang={key === 'de' ? 'de-DE' : 'de-AT'}
          {...wrapperOrder}
        />
      ))}
    </SimpleGrid>
  );
}
