import { useEffect, useMemo, useRef } from 'react';
import { MySQL, PostgreSQL, sql, type SQLNamespace } from '@codemirror/lang-sql';
import CodeMirror, { EditorSelection, EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import type { DataSourceKind, SourceTable } from '@cockpit/contracts';

// The report definition's SQL editor (decision 027): CodeMirror 6 with the source's dialect, completing
// its table and column names. This module is imported lazily by the editor page only (decision 011: the
// editor library stays out of every other chunk).

export type SqlEditorProps = {
  value: string;
  onChange: (value: string) => void;
  kind: DataSourceKind;
  tables: readonly SourceTable[];
  /** The editor's accessible name and description (its label lives outside). */
  label: string;
  describedBy?: string;
  /**
   * The database's error position (1-based): the cursor goes there and the word there is selected; a new
   * `revision` does it again. `focus`: the user asked to go there (else the focus stays where it is).
   */
  errorAt: { position: number; revision: number; focus: boolean } | null;
};

/**
 * What completion offers: tables by schema with their columns; the first table's schema (the database's
 * default one, listed first by the server) is also completed without its prefix.
 */
export function completionConfig(tables: readonly SourceTable[]): { schema: SQLNamespace; defaultSchema?: string } {
  const schema: Record<string, Record<string, string[]>> = {};
  for (const table of tables) (schema[table.schema] ??= {})[table.name] = table.columns.map((column) => column.name);
  return { schema, defaultSchema: tables[0]?.schema };
}

export default function SqlEditor({ value, onChange, kind, tables, label, describedBy, errorAt }: SqlEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const extensions = useMemo(
    () => [
      sql({ dialect: kind === 'mysql' ? MySQL : PostgreSQL, ...completionConfig(tables), upperCaseKeywords: true }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ],
    [kind, tables, label, describedBy],
  );

  useEffect(() => {
    const view = editor.current?.view;
    if (!errorAt || !view) return;
    // The database counts characters from 1; the editor from 0. The word there is selected (it is what
    // the database could not read), else the cursor goes there.
    const at = Math.min(Math.max(errorAt.position - 1, 0), view.state.doc.length);
    const word = view.state.wordAt(at);
    view.dispatch({
      selection: word ? EditorSelection.single(word.from, word.to) : EditorSelection.cursor(at),
      scrollIntoView: true,
    });
    if (errorAt.focus) view.focus();
  }, [errorAt]);

  return (
    <CodeMirror
      ref={editor}
      value={value}
      onChange={onChange}
      extensions={extensions}
      // Tab leaves the editor (keyboard users must be able to move on); indentation is not needed in SQL.
      indentWithTab={false}
      minHeight="220px"
      maxHeight="480px"
      // No tinted active line: the highlighting's type colour stays at 4.5:1 only on white (axe).
      basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      data-testid="sql-editor"
    />
  );
}
