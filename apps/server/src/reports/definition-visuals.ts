import {
  type ReportData,
  type VisualInput,
  type VisualOptions,
  visualiseResult as visualise,
} from '@cockpit/contracts';
import { mapInSlices } from './in-slices';

// The visuals of a query report's result (decision 027) are built by the one function in contracts that the
// definition editor's preview uses too (decision 045); here a large result is worked through in slices
// that let other requests run in between (reports/in-slices.ts).
export {
  cellOf,
  chosenOptions,
  columnOf,
  valueColumnOf,
  VisualMisfit,
  withChosenColumns,
} from '@cockpit/contracts';
export type { ChosenOption, VisualInput, VisualOptions } from '@cockpit/contracts';

export function visualiseResult(
  definition: Parameters<typeof visualise>[0],
  result: VisualInput,
  options: Omit<VisualOptions, 'mapRows'>,
): Promise<ReportData> {
  return visualise(definition, result, { ...options, mapRows: mapInSlices });
}
