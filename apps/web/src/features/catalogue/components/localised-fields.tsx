import { useTranslation } from 'react-i18next';
import { LocalisedInputs } from '../../../components/ui/localised-inputs';
import type { FormCheck } from '../../../lib/form-check';
import type { LocalisedValues } from '../utils/catalogue-form';

export { hintsBelow } from '../../../components/ui/localised-inputs';

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

const catalogueLabelKeys = {
  en: 'management.catalogue.fields.inEnglish',
  de: 'management.catalogue.fields.inGerman',
  deAt: 'management.catalogue.fields.inAustrian',
} as const;

/**
 * A catalogue text in English, German and the Austrian override, each fallback said under its input
 * (the shared inputs in components/ui/localised-inputs.tsx, in the catalogue's wording).
 */
export function LocalisedFields({ required = false, ...props }: LocalisedFieldsProps) {
  const { t } = useTranslation();
  return (
    <LocalisedInputs
      {...props}
      required={required}
      labelKeys={catalogueLabelKeys}
      fallbackHints={{
        de: t('management.catalogue.fields.germanHint'),
        deAt: t('management.catalogue.fields.austrianHint'),
      }}
    />
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
