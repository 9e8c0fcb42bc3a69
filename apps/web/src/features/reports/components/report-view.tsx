import { Button, Group, Loader, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { isApiRequestError } from '../../../lib/api-client';
import { reportErrorState, reportErrorText } from '../../../lib/report-error';
import { useValueFormatter } from '../../../lib/value-format';
import { useReport } from '../api/get-report';
import type { ReportSearch } from '../utils/report-search';
import { EmbeddedReport } from './embedded-report';
import { ExternalReport } from './external-report';
import { QueryReport } from './query-report';

export type ReportViewProps = {
  name: string;
  /** The menu item's title and sub-title, shown until the report itself has answered. */
  fallbackTitle: string;
  fallbackSubTitle?: string | null;
  /** The user's culture and currency symbol (from the user settings). */
  culture: string;
  currencySymbol: string;
  search: ReportSearch;
  onSearchChange: (search: ReportSearch) => void;
  /** An administrator reads the data source's own message when it fails (the server sends it only to them). */
  isAdministrator?: boolean;
  /** The favourites star, as on a dashboard page (docs/product.md §4 pin); absent while the menu item is unknown. */
  pin?: { isPinned: boolean; onToggle: () => void };
};

/**
 * `/reports/:name` (docs/product.md §D.7): title and sub-title, then by kind — a query report's parameters,
 * KPIs, charts and table (decision 027); an embedded report's frame; an external report's "open" button. Loading,
 * "not available", invalid parameters and failures each have their own state.
 */
export function ReportView({
  name,
  fallbackTitle,
  fallbackSubTitle,
  culture,
  currencySymbol,
  search,
  onSearchChange,
  isAdministrator = false,
  pin,
}: ReportViewProps) {
  const { t } = useTranslation();
  const report = useReport(name, search);
  const formatter = useValueFormatter(culture, currencySymbol);
  const definition = report.data?.report;
  const title = definition?.title ?? fallbackTitle;
  const subTitle = definition?.subTitle ?? fallbackSubTitle ?? null;

  let content;
  if (report.isPending) {
    content = (
      <Group gap="sm" role="status" aria-busy="true" py="xl" justify="center">
        <Loader size="sm" />
        <Text c="dimmed">{t('reports.state.loading')}</Text>
      </Group>
    );
  } else if (report.isError) {
    const state = reportErrorState(report.error, isAdministrator);
    content = state ? (
      <PlaceholderTile
        icon={state.kind === 'not-for-account' ? 'search' : undefined}
        headline={t(state.headline)}
        text={reportErrorText(t, state)}
        onRetry={state.action === 'retry' ? () => void report.refetch() : undefined}
      >
        {state.action === 'reset' && (
          <Button variant="light" onClick={() => onSearchChange({})}>
            {t('reports.state.reset')}
          </Button>
        )}
      </PlaceholderTile>
    ) : isApiRequestError(report.error) && report.error.status === 404 ? (
      <PlaceholderTile
        icon="search"
        headline={t('reports.state.notAvailableHeadline')}
        text={t('reports.state.notAvailableText', { name: fallbackTitle })}
      />
    ) : (
      <PlaceholderTile onRetry={() => void report.refetch()} />
    );
  } else if (definition?.kind === 'external' && definition.externalUrl) {
    content = <ExternalReport url={definition.externalUrl} />;
  } else if (definition?.kind === 'embedded' && definition.frameUrl) {
    content = <EmbeddedReport title={title} url={definition.frameUrl} />;
  } else if (definition?.kind === 'query' && report.data.data) {
    content = (
      <QueryReport
        name={name}
        parameters={report.data.parameters ?? []}
        data={report.data.data}
        info={report.data.info ?? null}
        formatter={formatter}
        updating={report.isFetching}
        search={search}
        onSearchChange={onSearchChange}
      />
    );
  } else {
    content = <PlaceholderTile />;
  }

  return (
    <Page title={title}>
      {(subTitle || pin) && (
        <Group justify="space-between" mt={-8} gap="sm" wrap="nowrap" align="flex-start">
          {subTitle ? (
            <Text c="dimmed" data-testid="report-subtitle">
              {subTitle}
            </Text>
          ) : (
            <span />
          )}
          {pin && (
            <Button
              variant={pin.isPinned ? 'light' : 'default'}
              color={pin.isPinned ? 'orange' : 'gray'}
              leftSection={
                pin.isPinned ? (
                  <IconStarFilled size={16} aria-hidden="true" />
                ) : (
                  <IconStar size={16} aria-hidden="true" />
                )
              }
              aria-pressed={pin.isPinned}
              onClick={pin.onToggle}
              data-testid="report-pin"
              style={{ flexShrink: 0 }}
            >
              {t(pin.isPinned ? 'reports.page.unpin' : 'reports.page.pin')}
            </Button>
          )}
        </Group>
      )}
      {content}
    </Page>
  );
}
