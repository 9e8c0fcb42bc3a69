import type { ReactNode } from 'react';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type DateRangePreset,
  type ReportGrouping,
  type ReportQueryKey,
  queryAllowsGrouping,
  reportQueryGroupings,
} from '@cockpit/contracts';
import { groupingLabel, rangeOptions, reportQueryOptions } from '../utils/catalogue-labels';
import { hintsBelow } from './localised-fields';

export type ReportChoice = { query: ReportQueryKey; range: DateRangePreset; grouping: ReportGrouping | null };

type ReportChoiceFieldsProps = {
  value: ReportChoice;
  onChange: (changes: Partial<ReportChoice>) => void;
  /** Explains the query below its field (the item dialog). */
  queryHint?: boolean;
  /** Fields before and after on the same row (a tile's type and width). */
  leading?: ReactNode;
  trailing?: ReactNode;
};

/**
 * A built-in query with its default period and grouping (decision 015), for report items and dashboard
 * tiles: one row of equally wide fields.
 */
export function ReportChoiceFields({
  value,
  onChange,
  queryHint = false,
  leading,
  trailing,
}: ReportChoiceFieldsProps) {
  const { t } = useTranslation();
  const groupings = reportQueryGroupings[value.query];
  return (
    <Group grow align="flex-start">
      {leading}
      <Select
        label={t('management.catalogue.fields.query')}
        description={queryHint ? t('management.catalogue.fields.queryHint') : undefined}
        inputWrapperOrder={queryHint ? hintsBelow : undefined}
        data={reportQueryOptions(t)}
        value={value.query}
        onChange={(query) => {
          if (!query) return;
          const next = query as ReportQueryKey;
          // A grouping the new query does not offer goes back to the query's default.
          onChange({
            query: next,
            grouping: value.grouping && queryAllowsGrouping(next, value.grouping) ? value.grouping : null,
          });
        }}
        allowDeselect={false}
      />
      <Select
        label={t('management.catalogue.fields.range')}
        data={rangeOptions(t)}
        value={value.range}
        onChange={(range) => range && onChange({ range: range as DateRangePreset })}
        allowDeselect={false}
      />
      <Select
        label={t('management.catalogue.fields.grouping')}
        data={[
          {
            value: '',
            label: t('management.catalogue.fields.groupingDefault', {
              grouping: groupingLabel(t, groupings[0]!),
            }),
          },
          ...groupings.map((grouping) => ({ value: grouping, label: groupingLabel(t, grouping) })),
        ]}
        value={value.grouping ?? ''}
        onChange={(grouping) => onChange({ grouping: grouping ? (grouping as ReportGrouping) : null })}
        allowDeselect={false}
      />
      {trailing}
    </Group>
  );
}
