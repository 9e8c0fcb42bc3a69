import type { ChangeEvent } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormCheck } from '../../../lib/form-check';
import type { LocalisedValues } from '../utils/catalogue-form';

/** Hints below the inputs, so that inputs side by side line up whether they have a hint or not. */
export const hintsBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

type LocalisedFieldsProps = {
  /** "Title", "Sub-title", "Tile title" — each field's label starts with it. */
  label: string;
  values: LocalisedValues;
  onChange: (values: LocalisedValues) => void;
  /** The English text is required (titles); sub-titles are optional as a whole. */
  required?: boolean;
  englishError?: string;
  maxLength: number;
  autoFocus?: boolean;
};

/**
 * A catalogue text in English, German and the Austrian override (spec §9 languages): empty German
 * falls back to English, empty Austrian to German.
 */
export function LocalisedFields({ label, values, onChange, required, englishError, maxLength, autoFocus }: LocalisedFieldsProps) {
  const { t } = useTranslation();
  const set = (key: keyof LocalisedValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value; // read now: the updater runs later
    onChange({ ...values, [key]: value });
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label={t('management.catalogue.fields.inEnglish', { label })}
        value={values.en}
        onChange={set('en')}
        required={required}
        error={englishError}
        maxLength={maxLength}
        lang="en"
        inputWrapperOrder={hintsBelow}
        data-autofocus={autoFocus || undefined}
      />
      <TextInput
        label={t('management.catalogue.fields.inGerman', { label })}
        description={t('management.catalogue.fields.germanHint')}
        value={values.de}
        onChange={set('de')}
        maxLength={maxLength}
        lang="de-DE"
        inputWrapperOrder={hintsBelow}
      />
      <TextInput
        label={t('management.catalogue.fields.inAustrian', { label })}
        description={t('management.catalogue.fields.austrianHint')}
        value={values.deAt}
        onChange={set('deAt')}
        maxLength={maxLength}
        lang="de-AT"
        inputWrapperOrder={hintsBelow}
      />
    </SimpleGrid>
  );
}

type TitleFieldsProps = {
  title: LocalisedValues;
  onTitleChange: (title: LocalisedValues) => void;
  /** Items and dashboards have an optional sub-title; groups have none. */
  subTitle?: { values: LocalisedValues; onChange: (subTitle: LocalisedValues) => void };
  /** The dialog's check of its input (`title.en`, `subTitle.en`). */
  check: FormCheck;
};

/** The title (English required) and the sub-title of a catalogue object, in every language. */
export function TitleFields({ title, onTitleChange, subTitle, check }: TitleFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <LocalisedFields
        label={t('management.catalogue.fields.title')}
        values={title}
        onChange={onTitleChange}
        required
        englishError={check.error('title.en', t('management.catalogue.errors.title'))}
        maxLength={200}
        autoFocus
      />
      {subTitle && (
        <LocalisedFields
          label={t('management.catalogue.fields.subTitle')}
          values={subTitle.values}
          onChange={subTitle.onChange}
          englishError={check.error('subTitle.en', t('management.catalogue.errors.subTitle'))}
          maxLength={500}
        />
      )}
    </>
  );
}
