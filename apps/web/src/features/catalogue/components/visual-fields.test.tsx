import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { type DefinitionVisual, definitionVisualSchema } from '@cockpit/contracts';
import { useFormCheck } from '../../../lib/form-check';
import { renderWithProviders } from '../../../testing/test-utils';
import { VisualFields } from './visual-fields';

// The visual forms offer what KPIs and charts can do (decision 047) and show the contracts schema's
// errors in place, as the definition editor does after a save attempt.

const bodySchema = z.object({ visuals: z.array(definitionVisualSchema) });
/** What the form sent on each change, latest last. */
const sent: DefinitionVisual[][] = [];
const latest = () => sent.at(-1);

function Harness({ initial }: { initial: DefinitionVisual[] }) {
  const [visuals, setVisuals] = useState(initial);
  const check = useFormCheck(bodySchema, { visuals });
  // As after pressing Save once: every rejected field is marked from now on.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void check.validate(), []);
  return (
    <VisualFields
      visuals={visuals}
      onChange={(next) => {
        sent.push(next);
        setVisuals(next);
      }}
      columnNames={['month', 'region', 'revenue', 'target']}
      dateRanges={['period']}
      check={check}
    />
  );
}

describe('VisualFields', () => {
  it('sets a KPI item’s figure, comparison and direction, leaving the defaults out of the body', async () => {
    await renderWithProviders(
      <Harness initial={[{ type: 'kpi', id: 'kpi1', items: [{ column: 'revenue' }] }]} />,
    );
    await userEvent.click(await screen.findByRole('combobox', { name: 'revenue: figure' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sum' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'revenue: compared with' }));
    // The previous period of each date-range parameter, and every other column.
    expect(screen.getByRole('option', { name: 'Previous period of period' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Column revenue' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Column target' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Lower is better' }));
    expect(latest()).toEqual([
      {
        type: 'kpi',
        id: 'kpi1',
        items: [{ column: 'revenue', aggregate: 'sum', compareTo: 'target', lowerIsBetter: true }],
      },
    ]);

    await userEvent.click(screen.getByRole('combobox', { name: 'revenue: compared with' }));
    await userEvent.click(screen.getByRole('option', { name: 'Nothing' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'revenue: figure' }));
    await userEvent.click(screen.getByRole('option', { name: "First row's value" }));
    expect(latest()).toEqual([{ type: 'kpi', id: 'kpi1', items: [{ column: 'revenue' }] }]);
  });

  it('marks a pie with two value columns in place, and offers which series are lines in a combined chart', async () => {
    await renderWithProviders(
      <Harness
        initial={[
          {
            type: 'chart',
            id: 'chart1',
            kind: 'pie',
            x: 'region',
            series: ['revenue', 'target'],
            stacked: false,
          },
        ]}
      />,
    );
    const fields = await screen.findByTestId('visual-fields');
    expect(
      await within(fields).findByText('Choose exactly one value column for a pie or a split chart.'),
    ).toBeInTheDocument();
    // A pie is not split.
    expect(within(fields).queryByRole('combobox', { name: 'Split by' })).toBeNull();

    await userEvent.click(within(fields).getByRole('combobox', { name: 'Chart kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bars and lines' }));
    expect(
      within(fields).queryByText('Choose exactly one value column for a pie or a split chart.'),
    ).toBeNull();
    await userEvent.click(within(fields).getAllByLabelText('Drawn as lines')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'target' }));
    expect(latest()?.[0]).toMatchObject({ kind: 'combined', lines: ['target'] });
  });
});
