import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChartBar, IconNumbers, IconPlus, IconTable, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chartVisualKinds, type DefinitionVisual } from '@cockpit/contracts';
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
  check: FormCheck;
};

const chartKindLabelKeys: Record<(typeof chartVisualKinds)[number], string> = {
  line: 'management.data.visual.line',
  bar: 'management.data.visual.bar',
  area: 'management.data.visual.area',
};

/** The first free id of a kind: `kpi1`, `chart2`, … */
function freeId(visuals: readonly DefinitionVisual[], type: DefinitionVisual['type']): string {
  let number = 1;
  while (visuals.some((visual) => visual.id === `${type}${number}`)) number += 1;
  return `${type}${number}`;
}

/** What the definition shows (decision 027): KPI tiles, charts over all rows (x and series), the table. */
export function VisualFields({ visuals, onChange, columnNames, check }: VisualFieldsProps) {
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
              <MultiSelect
                label={t('management.data.visual.kpiColumns')}
                description={t('management.data.visual.kpiHint')}
                data={columnData}
                value={visual.items.map((item) => item.column)}
                onChange={(names) =>
                  update(index, { ...visual, items: names.map((column) => ({ column })) } satisfies Kpi)
                }
                error={check.error(`visuals.${index}.items`, t('management.data.errors.columnsNeeded'))}
                searchable
              />
            )}
            {visual.type === 'chart' && (
              <ChartFields
                chart={visual}
                onChange={(chart) => update(index, chart)}
                columnData={columnData}
                error={(field) =>
                  check.error(`visuals.${index}.${field}`, t('management.data.errors.columnsNeeded'))
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

type ChartFieldsProps = {
  chart: Chart;
  onChange: (chart: Chart) => void;
  columnData: string[];
  error: (field: 'x' | 'series') => string | undefined;
};

function ChartFields({ chart, onChange, columnData, error }: ChartFieldsProps) {
  const { t } = useTranslation();
  const kindLabelId = `chart-kind-${chart.id}`;
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={kindLabelId}>
          {t('management.data.visual.chartKind')}
        </Text>
        <SegmentedControl
          aria-labelledby={kindLabelId}
          value={chart.kind}
          onChange={(kind) => onChange({ ...chart, kind: kind })}
          data={chartVisualKinds.map((kind) => ({ value: kind, label: t(chartKindLabelKeys[kind]) }))}
          w="fit-content"
        />
      </Stack>
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
          label={t('management.data.visual.series')}
          data={columnData}
          value={chart.series}
          onChange={(series) => onChange({ ...chart, series })}
          error={error('series')}
          searchable
          miw={260}
        />
        <Switch
          label={t('management.data.visual.stacked')}
          checked={chart.stacked}
          onChange={(event) => onChange({ ...chart, stacked: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
    </>
  );
}
