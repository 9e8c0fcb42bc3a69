import { Alert } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AppliedRowRule } from '@cockpit/contracts';

/**
 * Which row rules filtered the preview (docs/decisions/044-row-rules.md): "Preview as" a user shows the
 * rows that user gets, and this line says why some are missing — or that the reader sees all rows.
 */
export function AppliedRowRules({ rules }: { rules: readonly AppliedRowRule[] | undefined }) {
  const { t } = useTranslation();
  if (!rules || rules.length === 0) return null;
  const text = rules
    .map((rule) => {
      const named = `${rule.table}.${rule.column} = ${rule.attribute}`;
      return rule.seesAll ? t('management.data.preview.rowRuleSeesAll', { rule: named }) : named;
    })
    .join(' · ');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconFilter aria-hidden="true" />}
      data-testid="preview-row-rules"
    >
      {t('management.data.preview.rowRules', { rules: text })}
    </Alert>
  );
}
