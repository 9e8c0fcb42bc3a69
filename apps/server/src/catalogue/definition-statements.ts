import type { CatalogueDocument, CatalogueReportDefinition, DataSourceKind } from '@cockpit/contracts';
import { guardStatement, SqlRefused, type BoundValue, compileTemplate } from '../reports';
import { CatalogueInvalid } from './catalogue-document';

// A report definition's SQL as a catalogue write checks it (decision 027): every `{{x}}` declared, and the
// statement one SELECT of its source's dialect — so a broken definition is refused when saved or imported,
// with the JSON path and the reason, not only when someone opens the report. Which tables an uploads
// definition may read is checked when it runs (the tables may be uploaded later).

/**
 * A stand-in value of a parameter's type, so that every optional clause is kept and checked (the
 * statement at its longest; the statement-guard bench measures the same statements).
 */
export function sampleValueOf(
  definition: CatalogueReportDefinition,
  reference: string,
): BoundValue | undefined {
  if (reference === 'user.email') return 'someone@example.com';
  if (reference.startsWith('user.attributes.')) return ['value'];
  const [name, part] = reference.split('.');
  const parameter = definition.parameters.find((candidate) => candidate.name === name);
  if (!parameter) return undefined;
  switch (parameter.type) {
    case 'date-range':
      return part === 'from' || part === 'to' ? '2026-01-01' : undefined;
    case 'number':
      return part === undefined ? 1 : undefined;
    case 'multi-choice':
      return part === undefined ? ['value'] : undefined;
    default:
      return part === undefined ? '2026-01-01' : undefined;
  }
}

/** Throws CatalogueInvalid at `$.definitions[i].sql` for the first definition that cannot run. */
export async function checkDefinitionStatements(
  document: CatalogueDocument,
  /** Every data source's kind by name: the document's and the organisation's. */
  kinds: ReadonlyMap<string, DataSourceKind>,
): Promise<void> {
  for (const [index, definition] of (document.definitions ?? []).entries()) {
    const kind = kinds.get(definition.source);
    if (!kind) continue;
    const at = `$.definitions[${index}].sql`;
    try {
      const dialect = kind === 'mysql' ? 'mysql' : 'postgres';
      const compiled = compileTemplate(definition.sql, dialect, (reference) =>
        sampleValueOf(definition, reference),
      );
      // Uploaded tables: one SELECT is checked here; the tables it may name, when it runs.
      await guardStatement(compiled.text, kind === 'mysql' ? 'mysql' : 'postgres');
    } catch (error) {
      if (error instanceof SqlRefused) throw new CatalogueInvalid(at, error.reason);
      throw error;
    }
  }
}
