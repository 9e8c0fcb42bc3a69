import { useCallback } from 'react';
import { effectiveCulture, isAdministrator, type ParameterValues } from '@cockpit/contracts';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../../../features/navigation/api/get-menu';
import { useRecordOpening } from '../../../features/recents/api/record-recent';
import { useReport, useReportWithValues } from '../../../features/reports/api/get-report';
import { ReportView } from '../../../features/reports/components/report-view';
import {
  readReportSearch,
  writeReportSearch,
  type ReportSearch,
} from '../../../features/reports/utils/report-search';
import { useUserSettings } from '../../../features/user-settings/api/get-user-settings';
import { usePinToggle } from '../../../lib/pins';
import { NotFoundContent } from '../not-found';
import { SetAlertButton, SubscribeButton } from '../../../features/subscriptions/components/subscribe-button';
import { SubscribedReportProvider } from '../../../features/subscriptions/components/subscribed-report';
import { Group, Stack } from '@mantine/core';

/**
 * `/reports/:name` (docs/product.md §2): the report of that menu item. The app layer joins what the features
 * know: the menu item's title (shown until the report answers), the user's culture and currency symbol
 * (numbers, dates and currency follow them), and the report's parameters in the URL.
 */
export function ReportRoute() {
  const { i18n } = useTranslation();
  const { name = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const menu = useMenu();
  const settings = useUserSettings();
  const item = menu.data?.groups.flatMap((group) => group.items).find((candidate) => candidate.name === name);
  const account = settings.data?.accountSettings;
  const togglePin = usePinToggle();
  // The reports home's "Continue where you left off" (docs/product.md §D.3 routes).
  useRecordOpening('report', name);
  // The page's own query (the same key, no second request): whether the report fails right now.
  const failing = useReport(name, readReportSearch(searchParams)).isError;

  const handleSearchChange = useCallback(
    (search: ReportSearch) => setSearchParams(writeReportSearch(search), { replace: true }),
    [setSearchParams],
  );

  // A name the user's menu does not hold — unknown, deleted, or outside the user's audience (decision
  // 015) — is page-not-found, as any unknown address; "not available" is for listed items without content.
  if (menu.isSuccess && !item) return <NotFoundContent />;

  const search = readReportSearch(searchParams);
  return (
    <Stack gap="xs">
      {/* Subscriptions and alerts (decision 029): the dialogs start from the values shown now; none are
          offered while the report fails (decision 046: a mail of a failing report would say nothing). */}
      {!failing && (
        <SubscribedReportProvider value={useReportWithValues}>
          <Group justify="flex-end" gap="xs">
            <SetAlertButton targetName={name} parameterValues={valuesOf(search.values)} />
            <SubscribeButton
              targetKind="report"
              targetName={name}
              parameterValues={valuesOf(search.values)}
            />
          </Group>
        </SubscribedReportProvider>
      )}
      <ReportView
        // Another report starts with its own defaults and a fresh parameter bar.
        key={name}
        name={name}
        fallbackTitle={item?.title ?? name}
        fallbackSubTitle={item?.subTitle}
        culture={effectiveCulture(account?.uiCulture, i18n.language)}
        currencySymbol={account?.currencySymbol ?? '€'}
        search={readReportSearch(searchParams)}
        onSearchChange={handleSearchChange}
        isAdministrator={settings.data !== undefined && isAdministrator(settings.data)}
        pin={
          item
            ? {
                isPinned: item.isPinned,
                onToggle: () => togglePin({ kind: 'report', item, isPinned: !item.isPinned }),
              }
            : undefined
        }
      />
    </Stack>
  );
}

/** `?values=` as the report page keeps it (JSON); anything unreadable counts as none. */
function valuesOf(text: string | undefined): ParameterValues {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ParameterValues) : {};
  } catch {
    return {};
  }
}
