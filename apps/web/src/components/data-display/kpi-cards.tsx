import { Box, Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportKpi } from '@cockpit/contracts';
import type { ValueFormatter } from '../../lib/value-format';

export type KpiCardsProps = {
  kpis: ReportKpi[];
  formatter: ValueFormatter;
  /** Accessible name of the group. */
  label: string;
  /** Cards per row on wide screens. */
  columns?: number;
  /** Inside a dashboard tile: no card borders. */
  plain?: boolean;
};

/**
 * The change from the comparison value to the value (decision 047): its direction, the absolute change
 * in the KPI's format and the relative one (none when the base is zero), and whether it is good news.
 */
export function changeOf(
  kpi: ReportKpi,
  formatter: ValueFormatter,
): {
  direction: 'up' | 'down' | 'unchanged';
  absolute: string;
  percent: string | null;
  good: boolean | null;
} | null {
  const base = kpi.comparison?.value;
  if (typeof kpi.value !== 'number' || typeof base !== 'number') return null;
  const difference = kpi.value - base;
  const direction = difference > 0 ? 'up' : difference < 0 ? 'down' : 'unchanged';
  const sign = difference > 0 ? '+' : '';
  const relative = base === 0 ? null : difference / Math.abs(base);
  return {
    direction,
    absolute: `${sign}${formatter.format(difference, kpi.format)}`,
    percent: relative === null ? null : `${sign}${formatter.format(relative, 'percent')}`,
    good: direction === 'unchanged' ? null : (direction === 'up') !== Boolean(kpi.comparison?.lowerIsBetter),
  };
}

const arrows = { up: '▲', down: '▼', unchanged: '■' } as const;
const directionKeys = {
  up: 'reports.kpi.up',
  down: 'reports.kpi.down',
  unchanged: 'reports.kpi.unchanged',
} as const;

/** The comparison under a KPI's value: what it is compared with, then the change with an arrow and colour. */
function KpiComparison({ kpi, formatter }: { kpi: ReportKpi; formatter: ValueFormatter }) {
  const { t } = useTranslation();
  if (!kpi.comparison) return null;
  const change = changeOf(kpi, formatter);
  return (
    <>
      <Text component="dd" m={0} size="sm" c="dimmed" data-testid="kpi-comparison">
        {t('reports.kpi.comparedWith', {
          label: kpi.comparison.label,
          value: formatter.format(kpi.comparison.value, kpi.format),
        })}
      </Text>
      {change && (
        <Text
          component="dd"
          m={0}
          size="sm"
          fw={600}
          c={change.good === null ? 'dimmed' : change.good ? 'teal.9' : 'red.9'}
          data-testid="kpi-change"
          data-direction={change.direction}
          data-good={change.good === null ? undefined : String(change.good)}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <span aria-hidden="true">{arrows[change.direction]} </span>
          <VisuallyHidden>{t(directionKeys[change.direction])} </VisuallyHidden>
          {change.absolute}
          {change.percent !== null && ` (${change.percent})`}
        </Text>
      )}
    </>
  );
}

/** Headline figures: label and value in the user's culture, as a description list. */
export function KpiCards({ kpis, formatter, label, columns = 4, plain = false }: KpiCardsProps) {
  return (
    <Box component="section" aria-label={label} data-testid="kpi-cards">
      <SimpleGrid
        component="dl"
        cols={{ base: 1, xs: Math.min(2, columns), md: Math.min(columns, kpis.length || 1) }}
        spacing="md"
        m={0}
      >
        {kpis.map((kpi) => (
          <Paper
            key={kpi.key}
            withBorder={!plain}
            p={plain ? 0 : 'md'}
            radius="md"
            data-kpi={kpi.key}
            // The value's size follows the card's own width (a container), not the window's.
            style={{ containerType: 'inline-size' }}
          >
            <Text component="dt" size="sm" c="dimmed">
              {kpi.label}
            </Text>
            <Text
              component="dd"
              m={0}
              fw={700}
              data-testid="kpi-value"
              // Large amounts must fit a quarter-width dashboard tile: "12.345.678,90 €" is about nine
              // ems wide, so the size is a ninth of the card's width (within bounds), and the value
              // stays on one line with its currency symbol; only what still does not fit wraps.
              style={{
                fontVariantNumeric: 'tabular-nums',
                fontSize: 'clamp(0.9rem, 11cqi, 1.6rem)',
                overflowWrap: 'break-word',
              }}
            >
              {formatter.format(kpi.value, kpi.format)}
            </Text>
            <KpiComparison kpi={kpi} formatter={formatter} />
          </Paper>
        ))}
      </SimpleGrid>
    </Box>
  );
}
