import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuIconNames, type MenuIconName } from '@cockpit/contracts';
import { iconOptions } from '../utils/catalogue-labels';
import { useCatalogueRenderers } from './catalogue-renderers';

const isIconName = (value: string | null): value is MenuIconName =>
  value !== null && (menuIconNames as readonly string[]).includes(value);

/** The icon of a group or item: one of the icons the menu already uses (contracts `menuIconNames`). */
export function IconSelect({
  value,
  onChange,
}: {
  value: MenuIconName | null;
  onChange: (icon: MenuIconName | null) => void;
}) {
  const { t } = useTranslation();
  const { renderIcon } = useCatalogueRenderers();
  return (
    <Select
      label={t('management.catalogue.fields.icon')}
      placeholder={t('management.catalogue.fields.iconDefault')}
      data={iconOptions(t)}
      value={value}
      onChange={(next) => onChange(isIconName(next) ? next : null)}
      clearable
      clearButtonProps={{ 'aria-label': t('management.catalogue.fields.iconClear') }}
      leftSection={renderIcon(value)}
      renderOption={({ option }) => (
        <Group gap="sm" wrap="nowrap">
          {renderIcon(option.value)}
          <span>{option.label}</span>
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}
