import { Box, Paper, SimpleGrid, Text } from '@mantine/core';
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

/** The change from the comparison value to the value, as a signed percentage (" (+4.2 %)"), or nothing. */
function changeOf(kpi: ReportKpi, formatter: ValueFormatter): string {
  const base = kpi.comparison?.value;
  if (typeof kpi.value !== 'number' || typeof base !== 'number' || base === 0) return '';
  const change = (kpi.value - base) / Math.abs(base);
  return ` (${change > 0 ? '+' : ''}${formatter.format(change, 'percent')})`;
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
            {kpi.comparison && (
              <Text component="dd" m={0} size="sm" c="dimmed" data-testid="kpi-comparison">
                {kpi.comparison.label}: {formatter.format(kpi.comparison.value, kpi.format)}
                {changeOf(kpi, formatter)}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </Box>
  );
}
