import type { ReactNode } from 'react';
import { Button, Group, Loader, Pagination, Table, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PlaceholderTile, type PlaceholderIcon } from './placeholder-tile';
import { collapsedPanelQuery } from '../../config/layout';
import classes from './query-table.module.css';

type QueryStatusProps = {
  query: Pick<UseQueryResult, 'isPending' | 'refetch'>;
  /** Heading level of the error tile's headline (default 2). */
  headingOrder?: 2 | 3 | 4;
};

/**
 * A query that has no data (yet): a loader while it loads, else the error tile (docs/product.md §2 Placeholder
 * tile) with a retry button. For screens that return early until their data is there.
 */
export function QueryStatus({ query, headingOrder }: QueryStatusProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  }
  return (
    <PlaceholderTile headingOrder={headingOrder}>
      <Button variant="light" onClick={() => void query.refetch()}>
        {t('common.retry')}
      </Button>
    </PlaceholderTile>
  );
}

type QueryContentProps<T> = QueryStatusProps & {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
};

/** What a screen shows for one query (docs/conventions.md "empty, loading and error states"): its status, or the content. */
export function QueryContent<T>({ query, headingOrder, children }: QueryContentProps<T>) {
  return query.isSuccess ? (
    <>{children(query.data)}</>
  ) : (
    <QueryStatus query={query} headingOrder={headingOrder} />
  );
}

/** A column header; `hidden` ones are read by screen readers only (an actions column, say). */
export type QueryTableColumn = string | { label: string; hidden: true };

export type QueryTablePages = { total: number; page: number; onChange: (page: number) => void };

/** A row as a stacked card on a phone: its title, a one-line summary and its actions ("⋯"). */
export type QueryTableCard = { key: string; title: ReactNode; summary: ReactNode; actions?: ReactNode };

type QueryTableProps<T, Item> = {
  query: UseQueryResult<T>;
  /** The rows of a loaded answer. */
  items: (data: T) => readonly Item[];
  /** The placeholder tile when there are no rows. */
  empty: { icon: PlaceholderIcon; headline: string; text: string };
  columns: readonly QueryTableColumn[];
  /** One `<Table.Tr>` (or a fragment of rows) per item, with its key. */
  renderRow: (item: Item) => ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  caption?: (data: T) => ReactNode;
  /** Pages below the table, shown when there is more than one. */
  pages?: (data: T) => QueryTablePages;
  /** Below 768 px each row is shown as this card instead (management on a phone). */
  card?: (item: Item) => QueryTableCard;
  striped?: boolean;
  highlightOnHover?: boolean;
  'data-testid'?: string;
};

// Static keys (docs/conventions.md: a script checks that every language has them).
const paginationLabelKeys = {
  first: 'management.pagination.first',
  previous: 'management.pagination.previous',
  next: 'management.pagination.next',
  last: 'management.pagination.last',
} as const;

/**
 * The one list of the management screens: loading, the error tile with retry, the empty tile, else the
 * table (busy while it refetches, say for another page) and its pages.
 */
export function QueryTable<T, Item>({
  query,
  items,
  empty,
  columns,
  renderRow,
  minWidth,
  caption,
  pages,
  card,
  striped = true,
  highlightOnHover = false,
  'data-testid': testId,
}: QueryTableProps<T, Item>) {
  const { t } = useTranslation();
  const asCards =
    useMediaQuery(collapsedPanelQuery, false, { getInitialValueInEffect: false }) && card !== undefined;
  return (
    <QueryContent query={query}>
      {(data) => {
        const rows = items(data);
        if (rows.length === 0)
          return <PlaceholderTile icon={empty.icon} headline={empty.headline} text={empty.text} />;
        const paging = pages?.(data);
        return (
          <>
            {asCards && card ? (
              <div className={classes.cards}>
                {caption && <p className={classes.caption}>{caption(data)}</p>}
                <ul className={classes.cardList} data-testid={testId} aria-busy={query.isFetching}>
                  {rows.map((item) => {
                    const { key, title, summary, actions } = card(item);
                    return (
                      <li
                        key={key}
                        className={classes.card}
                        data-testid={testId ? `${testId}-card` : undefined}
                      >
                        <div className={classes.cardText}>
                          <div className={classes.cardTitle}>{title}</div>
                          <div className={classes.cardSummary}>{summary}</div>
                        </div>
                        {actions && <div className={classes.cardActions}>{actions}</div>}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ) : (
              <Table.ScrollContainer minWidth={minWidth}>
                <Table
                  verticalSpacing="sm"
                  striped={striped}
                  highlightOnHover={highlightOnHover}
                  data-testid={testId}
                  aria-busy={query.isFetching}
                >
                  {caption && <Table.Caption>{caption(data)}</Table.Caption>}
                  <Table.Thead>
                    <Table.Tr>
                      {columns.map((column, index) => (
                        <Table.Th key={index}>
                          {typeof column === 'string' ? (
                            column
                          ) : (
                            <VisuallyHidden>{column.label}</VisuallyHidden>
                          )}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>{rows.map(renderRow)}</Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {paging && paging.total > 1 && (
              <Group justify="center">
                <Pagination
                  total={paging.total}
                  value={paging.page}
                  onChange={paging.onChange}
                  getControlProps={(control) => ({ 'aria-label': t(paginationLabelKeys[control]) })}
                  getItemProps={(item) => ({ 'aria-label': t('management.pagination.page', { page: item }) })}
                />
              </Group>
            )}
          </>
        );
      }}
    </QueryContent>
  );
}
