import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Featured" of a report item or a dashboard (decision 015), with its hint. */
export function FeaturedSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (featured: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('management.catalogue.fields.featured')}
      description={t('management.catalogue.fields.featuredHint')}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
