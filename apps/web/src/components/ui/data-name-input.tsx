import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { monoInput } from './mono-input';

type DataNameInputProps = {
  value: string;
  onChange: (name: string) => void;
  error: string | undefined;
  /** A saved one's name stays: SQL, items and links refer to it. */
  disabled: boolean;
};

/** The name of a data source or a report definition (Management → Data, decision 027). */
export function DataNameInput({ value, onChange, error, disabled }: DataNameInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('management.data.fields.name')}
      description={t('management.data.fields.nameHint')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      disabled={disabled}
      required
      maxLength={64}
      styles={monoInput}
    />
  );
}
