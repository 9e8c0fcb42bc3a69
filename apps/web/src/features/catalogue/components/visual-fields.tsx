import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChartBar, IconNumbers, IconPlus, IconTable, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  chartVisualKinds,
  type DefinitionVisual,
  type KpiAggregate,
  type KpiItem,
  kpiAggregates,
} from '@cockpit/contracts';
import type { FormCheck } from '../../../lib/form-check';
import { visualLabelKeys } from '../utils/definition-labels';
import { monoInput } from '../../../components/ui/mono-input';

type Kpi = Extract<DefinitionVisual, { type: 'kpi' }>;
type Chart = Extract<DefinitionVisual, { type: 'chart' }>;
type TableVisual = Extract<DefinitionVisual, { type: 'table' }>;

type VisualFieldsProps = {
  visuals: DefinitionVisual[];
  onChange: (visuals: DefinitionVisual[]) => void;
  /** Column names to choose from (the declared columns and the last preview's). */
  columnNames: readonly string[];
  /** The definition's date-range parameters: a KPI may compare with the previous period of one (decision 047). */
  dateRanges: readonly string[];
  check: FormCheck;
};

const chartKindLabelKeys: Record<(typeof chartVisualKinds)[number], string> = {
  line: 'management.data.visual.line',
  bar: 'management.data.visual.bar',
  area: 'management.data.visual.area',
  combined: 'management.data.visual.combined',
  pie: 'management.data.visual.pie',
  donut: 'management.data.visual.donut',
};

const aggregateLabelKeys: Record<KpiAggregate, string> = {
  first: 'management.data.visual.aggregate.first',
  last: 'management.data.visual.aggregate.last',
  sum: 'management.data.visual.aggregate.sum',
  average: 'management.data.visual.aggregate.average',
  min: 'management.data.visual.aggregate.min',
  max: 'management.data.visual.aggregate.max',
  count: 'management.data.visual.aggregate.count',
};

/** The first free id of a kind: `kpi1`, `chart2`, … */
function freeId(visuals: readonly DefinitionVisual[], type: DefinitionVisual['type']): string {
  let number = 1;
  while (visuals.some((visual) => visual.id === `${type}${number}`)) number += 1;
  return `${type}${number}`;
}

/** What the definition shows (decision 027): KPI tiles, charts over all rows (x and series), the table. */
export function VisualFields({ visuals, onChange, columnNames, dateRanges, check }: VisualFieldsProps) {
  const { t } = useTranslation();
  const update = (index: number, visual: DefinitionVisual) =>
    onChange(visuals.map((current, at) => (at === index ? visual : current)));
  const first = columnNames[0] ?? '';
  const add = (visual: DefinitionVisual) => onChange([...visuals, visual]);
  const columnData = [...new Set(columnNames)];

  return (
    <Stack gap="sm">
      {visuals.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('management.data.visual.none')}
        </Text>
      )}
      {visuals.map((visual, index) => (
        <Paper key={index} withBorder p="sm" radius="md" data-testid="visual-fields">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t(visualLabelKeys[visual.type])}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('management.data.visual.remove', { id: visual.id })}
                onClick={() => onChange(visuals.filter((_, at) => at !== index))}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
            <TextInput
              label={t('management.data.visual.id')}
              value={visual.id}
              onChange={(event) => update(index, { ...visual, id: event.currentTarget.value })}
              error={check.error(`visuals.${index}.id`, t('management.data.errors.identifier'))}
              styles={monoInput}
              w={200}
            />
            {visual.type === 'kpi' && (
              <>
                <MultiSelect
                  label={t('management.data.visual.kpiColumns')}
                  description={t('management.data.visual.kpiHint')}
                  data={columnData}
                  value={visual.items.map((item) => item.column)}
                  onChange={(names) =>
                    update(index, {
                      ...visual,
                      // A column kept keeps its aggregation and comparison.
                      items: names.map(
                        (column) => visual.items.find((item) => item.column === column) ?? { column },
                      ),
                    } satisfies Kpi)
                  }
                  error={check.error(`visuals.${index}.items`, t('management.data.errors.columnsNeeded'))}
                  searchable
                />
                {visual.items.map((item, at) => (
                  <KpiItemFields
                    key={item.column}
                    item={item}
                    onChange={(changed) =>
                      update(index, {
                        ...visual,
                        items: visual.items.map((current, position) => (position === at ? changed : current)),
                      } satisfies Kpi)
                    }
                    columnData={columnData}
                    dateRanges={dateRanges}
                    error={check.error(
                      `visuals.${index}.items.${at}.comparePreviousPeriod`,
                      t('management.data.errors.oneComparison'),
                    )}
                  />
                ))}
              </>
            )}
            {visual.type === 'chart' && (
              <ChartFields
                chart={visual}
                onChange={(chart) => update(index, chart)}
                columnData={columnData}
                error={(field) =>
                  check.error(
                    `visuals.${index}.${field}`,
                    t(
                      visual.series.length > 1 &&
                        (visual.splitBy || visual.kind === 'pie' || visual.kind === 'donut')
                        ? 'management.data.errors.oneSeries'
                        : 'management.data.errors.columnsNeeded',
                    ),
                  )
                }
              />
            )}
            {visual.type === 'table' && (
              <MultiSelect
                label={t('management.data.visual.tableColumns')}
                description={t('management.data.visual.tableHint')}
                data={columnData}
                value={visual.columns ?? []}
                onChange={(names) =>
                  update(index, {
                    ...visual,
                    columns: names.length > 0 ? names : undefined,
                  } satisfies TableVisual)
                }
                searchable
              />
            )}
          </Stack>
        </Paper>
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconNumbers size={16} aria-hidden="true" />}
          rightSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() =>
            add({ type: 'kpi', id: freeId(visuals, 'kpi'), items: first ? [{ column: first }] : [] })
          }
        >
          {t('management.data.visual.addKpi')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconChartBar size={16} aria-hidden="true" />}
          rightSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() =>
            add({
              type: 'chart',
              id: freeId(visuals, 'chart'),
              kind: 'line',
              x: first,
              series: columnNames.slice(1, 2),
              stacked: false,
            })
          }
        >
          {t('management.data.visual.addChart')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconTable size={16} aria-hidden="true" />}
          rightSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => add({ type: 'table', id: freeId(visuals, 'table') })}
        >
          {t('management.data.visual.addTable')}
        </Button>
      </Group>
    </Stack>
  );
}

type KpiItemFieldsProps = {
  item: KpiItem;
  onChange: (item: KpiItem) => void;
  columnData: string[];
  dateRanges: readonly string[];
  error: string | undefined;
};

/** One key figure's aggregation, comparison and direction (decision 047). */
function KpiItemFields({ item, onChange, columnData, dateRanges, error }: KpiItemFieldsProps) {
  const { t } = useTranslation();
  const comparison = item.comparePreviousPeriod
    ? `period:${item.comparePreviousPeriod}`
    : item.compareTo
      ? `column:${item.compareTo}`
      : 'none';
  const compare = (value: string | null) => {
    const { compareTo: _column, comparePreviousPeriod: _period, lowerIsBetter, ...rest } = item;
    if (!value || value === 'none') return onChange(rest);
    const [kind, name = ''] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
    onChange({
      ...rest,
      ...(kind === 'period' ? { comparePreviousPeriod: name } : { compareTo: name }),
      ...(lowerIsBetter ? { lowerIsBetter } : {}),
    });
  };
  return (
    <Group align="flex-end" gap="sm" data-testid="kpi-item-fields" data-column={item.column}>
      <Select
        label={t('management.data.visual.aggregate.label', { column: item.column })}
        data={kpiAggregates.map((aggregate) => ({
          value: aggregate,
          label: t(aggregateLabelKeys[aggregate]),
        }))}
        value={item.aggregate ?? 'first'}
        onChange={(aggregate) => {
          const { aggregate: _old, ...rest } = item;
          onChange(aggregate && aggregate !== 'first' ? { ...rest, aggregate } : rest);
        }}
        allowDeselect={false}
        w={220}
      />
      <Select
        label={t('management.data.visual.compare.label', { column: item.column })}
        data={[
          { value: 'none', label: t('management.data.visual.compare.none') },
          ...dateRanges.map((name) => ({
            value: `period:${name}`,
            label: t('management.data.visual.compare.previousPeriod', { name }),
          })),
          ...columnData
            .filter((name) => name !== item.column)
            .map((name) => ({
              value: `column:${name}`,
              label: t('management.data.visual.compare.column', { name }),
            })),
        ]}
        value={comparison}
        onChange={compare}
        allowDeselect={false}
        error={error}
        w={260}
      />
      {comparison !== 'none' && (
        <Switch
          label={t('management.data.visual.lowerIsBetter')}
          checked={item.lowerIsBetter ?? false}
          onChange={(event) => {
            const { lowerIsBetter: _old, ...rest } = item;
            onChange(event.currentTarget.checked ? { ...rest, lowerIsBetter: true } : rest);
          }}
          mb={8}
        />
      )}
    </Group>
  );
}

type ChartFieldsProps = {
  chart: Chart;
  onChange: (chart: Chart) => void;
  columnData: string[];
  error: (field: 'x' | 'series') => string | undefined;
};

/** Leaves out an optional field that is empty, so the body stays as an older definition was. */
function withOptional<Key extends 'splitBy' | 'lines'>(
  chart: Chart,
  key: Key,
  value: Chart[Key] | undefined,
): Chart {
  const { [key]: _old, ...rest } = chart;
  const empty = value === undefined || (Array.isArray(value) && value.length === 0);
  return (empty ? rest : { ...rest, [key]: value }) as Chart;
}

function ChartFields({ chart, onChange, columnData, error }: ChartFieldsProps) {
  const { t } = useTranslation();
  const pie = chart.kind === 'pie' || chart.kind === 'donut';
  return (
    <>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('management.data.visual.chartKind')}
          data={chartVisualKinds.map((kind) => ({ value: kind, label: t(chartKindLabelKeys[kind]) }))}
          value={chart.kind}
          onChange={(kind) => {
            if (!kind) return;
            let next: Chart = { ...chart, kind };
            if (kind !== 'combined') next = withOptional(next, 'lines', undefined);
            if (kind === 'pie' || kind === 'donut') next = withOptional(next, 'splitBy', undefined);
            onChange(next);
          }}
          allowDeselect={false}
          w={220}
        />
        {!pie && (
          <Select
            label={t('management.data.visual.splitBy')}
            description={t('management.data.visual.splitByHint')}
            data={columnData.filter((name) => name !== chart.x)}
            value={chart.splitBy ?? null}
            onChange={(splitBy) => onChange(withOptional(chart, 'splitBy', splitBy ?? undefined))}
            clearable
            searchable
            w={260}
          />
        )}
      </Group>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('management.data.visual.x')}
          data={columnData}
          value={chart.x || null}
          onChange={(x) => onChange({ ...chart, x: x ?? '' })}
          error={error('x')}
          searchable
          w={220}
        />
        <MultiSelect
          label={t(pie || chart.splitBy ? 'management.data.visual.value' : 'management.data.visual.series')}
          data={columnData}
          value={chart.series}
          onChange={(series) =>
            onChange(
              withOptional(
                { ...chart, series },
                'lines',
                chart.lines?.filter((name) => series.includes(name)),
              ),
            )
          }
          error={error('series')}
          searchable
          miw={260}
        />
        {chart.kind === 'combined' && (
          <MultiSelect
            label={t('management.data.visual.lines')}
            data={chart.series}
            value={chart.lines ?? []}
            onChange={(lines) => onChange(withOptional(chart, 'lines', lines))}
            miw={220}
          />
        )}
        {!pie && chart.kind !== 'combined' && (
          <Switch
            label={t('management.data.visual.stacked')}
            checked={chart.stacked}
            onChange={(event) => onChange({ ...chart, stacked: event.currentTarget.checked })}
            mb={8}
          />
        )}
      </Group>
    </>
  );
}
