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
  /** A name to put at the cursor (the schema browser's click); a new `revision` puts it again. */
  insertion?: { text: string; revision: number } | null;
  /** Ctrl+Enter (Cmd+Enter on a Mac): run the preview. */
  onRun?: () => void;
};

/** A Tabler icon (MIT) as a CSS mask: drawn in the text colour, whatever fonts the machine has. */
function iconMask(paths: string): Record<string, string> {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${paths
    .split('|')
    .map((path) => `<path d='${path}'/>`)
    .join('')}</svg>`;
  return {
    content: "''",
    display: 'inline-block',
    width: '1em',
    height: '1em',
    verticalAlign: '-0.15em',
    backgroundColor: 'currentColor',
    mask: `url("data:image/svg+xml,${encodeURIComponent(svg)}") center / contain no-repeat`,
  };
}

/**
 * The completion list's icons: CodeMirror's own are characters (a key emoji, a box) that fonts without
 * them draw as empty boxes; these are icons: keyword a key, table a table, column a column, schema a
 * database, and plain letters for the rest.
 */
export const completionIcons = EditorView.theme({
  '.cm-completionIcon-keyword': {
    '&:after': iconMask(
      'M16.555 3.843l3.602 3.602a2.877 2.877 0 0 1 0 4.069l-2.643 2.643a2.877 2.877 0 0 1 -4.069 0l-.301 -.301l-6.558 6.558a2 2 0 0 1 -1.239 .578l-.175 .008h-1.172a1 1 0 0 1 -.993 -.883l-.007 -.117v-1.172a2 2 0 0 1 .467 -1.284l.119 -.13l.414 -.414h2v-2h2v-2l2.144 -2.144l-.301 -.301a2.877 2.877 0 0 1 0 -4.069l2.643 -2.643a2.877 2.877 0 0 1 4.069 0z|M15 9h.01',
    ),
  },
  '.cm-completionIcon-type': {
    '&:after': iconMask(
      'M3 5a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v14a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-14z|M3 10h18|M10 3v18',
    ),
  },
  '.cm-completionIcon-property': { '&:after': iconMask('M4 3h6v18h-6z|M14 3h6v18h-6z') },
  '.cm-completionIcon-namespace': {
    '&:after': iconMask(
      'M4 6a8 3 0 1 0 16 0a8 3 0 1 0 -16 0|M4 6v6a8 3 0 0 0 16 0v-6|M4 12v6a8 3 0 0 0 16 0v-6',
    ),
  },
  '.cm-completionIcon-variable': { '&:after': { content: "'x'", fontStyle: 'italic' } },
  '.cm-completionIcon-constant': { '&:after': { content: "'c'", fontStyle: 'italic' } },
  '.cm-completionIcon-function, .cm-completionIcon-method': {
    '&:after': { content: "'f'", fontStyle: 'italic' },
  },
});

/**
 * What completion offers: tables by schema with their columns; the first table's schema (the database's
 * default one, listed first by the server) is also completed without its prefix.
 */
export function completionConfig(tables: readonly SourceTable[]): {
  schema: SQLNamespace;
  defaultSchema?: string;
} {
  const schema: Record<string, Record<string, string[]>> = {};
  for (const table of tables)
    (schema[table.schema] ??= {})[table.name] = table.columns.map((column) => column.name);
  return { schema, defaultSchema: tables[0]?.schema };
}

export default function SqlEditor({
  value,
  onChange,
  kind,
  tables,
  label,
  describedBy,
  errorAt,
  insertion = null,
  onRun,
}: SqlEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const extensions = useMemo(
    () => [
      completionIcons,
      sql({
        dialect: kind === 'mysql' ? MySQL : PostgreSQL,
        ...completionConfig(tables),
        upperCaseKeywords: true,
      }),
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

  useEffect(() => {
    const view = editor.current?.view;
    if (!insertion || !view) return;
    view.dispatch(view.state.replaceSelection(insertion.text), { scrollIntoView: true });
    view.focus();
  }, [insertion]);

  return (
    // Ctrl+Enter (Cmd+Enter) runs the preview: caught on its way to the editor, whose own keymap would
    // insert a line there.
    <div
      onKeyDownCapture={(event) => {
        if (
          !onRun ||
          event.key !== 'Enter' ||
          !(event.ctrlKey || event.metaKey) ||
          event.altKey ||
          event.shiftKey
        )
          return;
        event.preventDefault();
        event.stopPropagation();
        onRun();
      }}
    >
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
    </div>
  );
}
