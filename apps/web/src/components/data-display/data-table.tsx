import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconColumns3, IconDownload } from '@tabler/icons-react';
import {
  columnVisibilityFeature,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Row,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { ReportCell, ReportColumn, ValueFormat } from '@cockpit/contracts';
import { toCsv, type CsvCell } from '../../lib/csv';
import { downloadText } from '../../lib/download';
import type { ValueFormatter } from '../../lib/value-format';
import classes from './data-table.module.css';

// A sortable table that stays smooth with 100,000 rows (docs/product.md §D.3): TanStack Table sorts the rows,
// TanStack Virtual renders only the ~20 in view. Column visibility and sort order are what the CSV
// export writes, cell by cell as formatted on screen.

const features = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
});

type TableRow = ReportCell[];
type Features = typeof features;

const rowHeight = 36;

const numericFormats: ReadonlySet<ValueFormat> = new Set(['integer', 'number', 'currency', 'percent']);

/** Rows read to size the columns: enough to see the long values, cheap with 100,000 rows. */
const sizingSample = 300;
/** An average character of the table's font (14 px), the cell's padding and the sort icon. */
const characterWidth = 7.4;
const cellChrome = 24;
const headerChrome = cellChrome + 22;
const minColumnWidth = 72;
const maxColumnWidth = 360;

/**
 * Each column as wide as its longest text (header or one of the first rows, as formatted on screen),
 * within bounds: a long name is cut with an ellipsis (its full text is the cell's title) rather than
 * widening the table beyond reading.
 */
export function fitColumnWidths(headers: readonly string[], texts: readonly (readonly string[])[]): number[] {
  return headers.map((header, index) => {
    let longest = header.length * characterWidth + headerChrome;
    for (const row of texts)
      longest = Math.max(longest, (row[index]?.length ?? 0) * characterWidth + cellChrome);
    return Math.round(Math.min(maxColumnWidth, Math.max(minColumnWidth, longest)));
  });
}

export type DataTableProps = {
  columns: ReportColumn[];
  rows: TableRow[];
  formatter: ValueFormatter;
  /** Accessible name of the table (its caption for screen readers). */
  label: string;
  /** Without extension; the CSV button appears only when given. */
  exportFileName?: string;
  /**
   * The whole result as a file from the server (a query report, decision 027) in place of the CSV export
   * of what is shown: a button per format.
   */
  onDownload?: (format: 'csv' | 'xlsx') => void;
  /** A download is being fetched: its buttons wait. */
  downloading?: boolean;
  /** Column chooser and row count above the table (default true). */
  toolbar?: boolean;
  maxHeight?: number;
};

export function DataTable({
  columns,
  rows,
  formatter,
  label,
  exportFileName,
  onDownload,
  downloading = false,
  toolbar = true,
  maxHeight = 480,
}: DataTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);

  const columnDefs = useMemo<ColumnDef<Features, TableRow>[]>(() => {
    const collator = new Intl.Collator(formatter.culture, { numeric: true, sensitivity: 'base' });
    return columns.map((column, index) => {
      const numeric = numericFormats.has(column.format);
      return {
        id: column.key,
        header: column.label,
        // null (no value) becomes undefined so it sorts last in both directions.
        accessorFn: (row: TableRow) => row[index] ?? undefined,
        sortUndefined: 'last' as const,
        sortDescFirst: numeric,
        sortFn: (a: Row<Features, TableRow>, b: Row<Features, TableRow>, id: string) => {
          const left = a.getValue<ReportCell>(id);
          const right = b.getValue<ReportCell>(id);
          if (numeric) return Number(left) - Number(right);
          // ISO dates sort as text; names by the culture's rules (ä next to a).
          return collator.compare(String(left), String(right));
        },
      };
    });
  }, [columns, formatter.culture]);

  const table = useTable({ features, columns: columnDefs, data: rows, enableSortingRemoval: true });
  const tableRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const formatOf = (id: string) => columns.find((column) => column.key === id)?.format ?? 'text';

  // The app does not use the React Compiler; the virtualizer is read fresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });

  function exportCsv() {
    const header = visibleColumns.map(
      (column) => columns.find((c) => c.key === column.id)?.label ?? column.id,
    );
    const body: CsvCell[][] = tableRows.map((row) =>
      visibleColumns.map((column) => {
        const format = formatOf(column.id);
        return {
          text: formatter.format(row.getValue<ReportCell>(column.id), format),
          isText: format === 'text',
        };
      }),
    );
    downloadText(
      `${exportFileName ?? 'export'}.csv`,
      toCsv(header, body, formatter.culture),
      'text/csv;charset=utf-8',
    );
  }

  const columnWidth = useMemo(() => {
    const headers = columns.map((column) => column.label);
    const texts = rows
      .slice(0, sizingSample)
      .map((row) => columns.map((column, index) => formatter.format(row[index], column.format)));
    const widths = fitColumnWidths(headers, texts);
    return new Map(columns.map((column, index) => [column.key, widths[index] ?? minColumnWidth]));
  }, [columns, rows, formatter]);
  const widthOf = (id: string) => columnWidth.get(id) ?? minColumnWidth;
  const totalWidth = visibleColumns.reduce((sum, column) => sum + widthOf(column.id), 0);
  const firstColumnId = visibleColumns[0]?.id;

  // "There is more": a shade at the edge the table can still be scrolled towards.
  const [more, setMore] = useState({ left: false, right: false });
  const updateMore = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const left = element.scrollLeft > 1;
    const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);
  useEffect(() => {
    updateMore();
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(updateMore);
    observer.observe(element);
    return () => observer.disconnect();
  }, [updateMore, totalWidth]);

  return (
    <Stack gap="xs">
      {toolbar && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" data-testid="table-row-count">
            {t('reports.table.rowCount', {
              count: tableRows.length,
              formatted: formatter.format(tableRows.length, 'integer'),
            })}
          </Text>
          <Group gap="xs">
            <Popover position="bottom-end" shadow="md" withinPortal>
              <Popover.Target>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconColumns3 size={16} aria-hidden="true" />}
                >
                  {t('reports.table.columns')}
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <Stack gap="xs">
                  {table.getAllLeafColumns().map((column) => (
                    <Checkbox
                      key={column.id}
                      label={columns.find((c) => c.key === column.id)?.label ?? column.id}
                      checked={column.getIsVisible()}
                      // The last visible column stays: a table without columns shows nothing.
                      disabled={column.getIsVisible() && visibleColumns.length === 1}
                      onChange={(event) => column.toggleVisibility(event.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              </Popover.Dropdown>
            </Popover>
            {onDownload &&
              (['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={16} aria-hidden="true" />}
                  onClick={() => onDownload(format)}
                  loading={downloading}
                  disabled={tableRows.length === 0}
                >
                  {t(format === 'csv' ? 'reports.table.downloadCsv' : 'reports.table.downloadXlsx')}
                </Button>
              ))}
            {exportFileName !== undefined && !onDownload && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
                onClick={exportCsv}
                disabled={tableRows.length === 0}
              >
                {t('reports.table.exportCsv')}
              </Button>
            )}
          </Group>
        </Group>
      )}
      <div
        className={classes.frame}
        data-more-left={more.left || undefined}
        data-more-right={more.right || undefined}
      >
        <div
          ref={scrollRef}
          className={classes.scroller}
          style={{ maxHeight }}
          onScroll={updateMore}
          // Keyboard users scroll the region too (axe: scrollable-region-focusable).
          tabIndex={0}
          role="region"
          aria-label={label}
          data-testid="data-table"
        >
          <table
            className={classes.table}
            aria-label={label}
            aria-rowcount={tableRows.length + 1}
            style={{ minWidth: totalWidth }}
          >
            <thead className={classes.head}>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} className={classes.row} aria-rowindex={1}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const format = formatOf(header.column.id);
                    const SortIcon =
                      sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
                    return (
                      <th
                        key={header.id}
                        className={classes.cell}
                        data-numeric={numericFormats.has(format) || undefined}
                        data-sticky={header.column.id === firstColumnId || undefined}
                        style={{ flexBasis: widthOf(header.column.id) }}
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                      >
                        <UnstyledButton
                          className={classes.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                          title={t('reports.table.sortBy', {
                            column: String(header.column.columnDef.header ?? header.column.id),
                          })}
                        >
                          <span>{String(header.column.columnDef.header ?? header.column.id)}</span>
                          <SortIcon
                            size={14}
                            aria-hidden="true"
                            className={classes.sortIcon}
                            data-active={sorted !== false || undefined}
                          />
                        </UnstyledButton>
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = tableRows[item.index];
                if (!row) return null;
                return (
                  <tr
                    key={row.id}
                    className={classes.row}
                    aria-rowindex={item.index + 2}
                    style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
                  >
                    {visibleColumns.map((column) => {
                      const format = formatOf(column.id);
                      const text = formatter.format(row.getValue<ReportCell>(column.id), format);
                      return (
                        <td
                          key={column.id}
                          className={classes.cell}
                          data-numeric={numericFormats.has(format) || undefined}
                          data-sticky={column.id === firstColumnId || undefined}
                          style={{ flexBasis: widthOf(column.id) }}
                          // A value cut by the column's width is read whole on hover.
                          title={
                            text.length * characterWidth + cellChrome > widthOf(column.id) ? text : undefined
                          }
                        >
                          {text}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      {more.right && (
        <Text size="xs" c="dimmed" data-testid="table-more-columns">
          {t('reports.table.moreColumns')}
        </Text>
      )}
    </Stack>
  );
}
