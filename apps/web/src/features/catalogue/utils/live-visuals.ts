import { useEffect, useState } from 'react';
import {
  type CatalogueReportDefinition,
  type DefinitionPreviewResponse,
  type DefinitionVisual,
  type ParameterValues,
  type ReportData,
  type UiLanguageName,
  visualiseResult,
} from '@cockpit/contracts';
import { localisedBodyOf } from '../../../components/parameters/parameter-form';
import { definitionBodyOf, type DefinitionFormValues } from './definition-form';

// The preview's visuals drawn again in the browser from the preview's rows whenever the author changes a
// visual or a column (decision 045): the same contracts function the server builds a report page with,
// so the preview shows what the page will, and the SQL does not run again.

/** A visual left out of the live preview because it names a column the result does not have. */
export type VisualMisfit = { visual: string; column: string };

/** The columns a visual reads. */
function columnsOf(visual: DefinitionVisual): string[] {
  if (visual.type === 'kpi')
    return visual.items.flatMap((item) => [item.column, ...(item.compareTo ? [item.compareTo] : [])]);
  if (visual.type === 'chart')
    return [visual.x, ...visual.series, ...(visual.splitBy ? [visual.splitBy] : [])];
  return visual.columns ?? [];
}

/** A visual still being filled in (a chart without its x or series, a KPI without a column): not drawn yet. */
function incomplete(visual: DefinitionVisual): boolean {
  if (visual.type === 'kpi')
    return visual.items.length === 0 || visual.items.some((item) => item.column === '');
  if (visual.type === 'chart') return visual.x === '' || visual.series.length === 0;
  return false;
}

/**
 * The visuals that can be drawn from `columns`, and those that name a column the result lacks (the page
 * would say the definition no longer fits its SQL: the editor names the column instead).
 */
export function drawableVisuals(
  visuals: readonly DefinitionVisual[],
  columns: readonly string[],
): { drawn: DefinitionVisual[]; misfits: VisualMisfit[] } {
  const known = new Set(columns);
  const drawn: DefinitionVisual[] = [];
  const misfits: VisualMisfit[] = [];
  for (const visual of visuals) {
    if (incomplete(visual)) continue;
    const missing = columnsOf(visual).find((column) => !known.has(column));
    if (missing === undefined) drawn.push(visual);
    else misfits.push({ visual: visual.id, column: missing });
  }
  return { drawn, misfits };
}

/** The values the preview ran with: each parameter's value as its answer shows it. */
function valuesOf(answer: DefinitionPreviewResponse): ParameterValues {
  return Object.fromEntries(answer.parameters.map((parameter) => [parameter.name, parameter.value]));
}

export type LiveVisuals = { data: ReportData | null; misfits: VisualMisfit[] };

/**
 * KPIs, charts and table of the form's visuals over the last preview's rows; `data` is null until the
 * first preview answered with rows (or when it failed).
 */
export function useLiveVisuals(
  answer: DefinitionPreviewResponse | null,
  form: Pick<DefinitionFormValues, 'columns' | 'visuals' | 'parameters' | 'sql'>,
  language: UiLanguageName,
): LiveVisuals {
  const [live, setLive] = useState<LiveVisuals>({ data: null, misfits: [] });
  const key = JSON.stringify([form.columns, form.visuals, form.parameters, form.sql]);
  useEffect(() => {
    if (!answer || answer.error) return;
    let current = true;
    const body = definitionBodyOf({ ...emptyBodyParts, ...form });
    const { drawn, misfits } = drawableVisuals(
      form.visuals,
      answer.resultColumns.map((column) => column.name),
    );
    // All visuals left out: show the table, not what a definition without visuals shows by default.
    const visuals: DefinitionVisual[] =
      drawn.length === 0 && form.visuals.length > 0 ? [{ type: 'table', id: 'table' }] : drawn;
    void visualiseResult(
      {
        // A column without its English label yet shows its name, as an undeclared column does.
        columns: form.columns.map((column) => ({
          ...column.kept,
          name: column.name.trim(),
          label: { ...localisedBodyOf(column.label), en: column.label.en.trim() || column.name.trim() },
          format: column.format,
          ...(column.decimals === '' ? {} : { decimals: column.decimals }),
        })),
        parameters: body.parameters as CatalogueReportDefinition['parameters'],
        visuals,
      },
      { columns: answer.resultColumns, rows: answer.rows, cutAtRows: answer.info?.cutAtRows ?? null },
      {
        language,
        values: valuesOf(answer),
        // KPIs compared with the previous period: its rows came with the preview (decision 047).
        previousPeriods: Object.fromEntries(
          Object.entries(answer.previousPeriods ?? {}).map(([parameter, previous]) => [
            parameter,
            { ...previous, cutAtRows: null },
          ]),
        ),
      },
    ).then(
      (data) => current && setLive({ data, misfits }),
      () => current && setLive({ data: null, misfits }),
    );
    return () => {
      current = false;
    };
    // `key` stands for the columns, visuals and parameters: a new form object with the same content draws nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, key, language]);
  return answer && !answer.error ? live : nothingDrawn;
}

const nothingDrawn: LiveVisuals = { data: null, misfits: [] };

/** What `definitionBodyOf` needs besides the columns and visuals (only those are read here). */
const emptyBodyParts: DefinitionFormValues = {
  name: '',
  source: null,
  sql: '',
  parameters: {},
  columns: [],
  visuals: [],
  cacheSeconds: 0,
};
