import { Badge, Button, Grid, Group, Loader, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse, MenuItem, ParameterView } from '@cockpit/contracts';
import { ParameterBar } from '../../../components/parameters/parameter-bar';
import { readParameterValues, withValue } from '../../../lib/parameter-values';
import { Page } from '../../../components/ui/page';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import { useValueFormatter } from '../../../lib/value-format';
import { useDashboard } from '../api/get-dashboard';
import { usePinToggle } from '../../../lib/pins';
import { DashboardTile } from './dashboard-tile';

export type DashboardViewProps = {
  layoutId: string;
  culture: string;
  currencySymbol: string;
  /** The dashboard's parameter values the reader chose (`?values=` JSON), if any. */
  values?: string;
  onValuesChange?: (values: string | undefined) => void;
  isAdministrator?: boolean;
};

/** The dashboard's parameters with the values in use: the reader's choice, else the default. */
function parametersInUse(parameters: ParameterView[], values: string | undefined): ParameterView[] {
  const chosen = readParameterValues(values);
  return parameters.map((parameter) =>
    Object.hasOwn(chosen, parameter.name)
      ? { ...parameter, value: chosen[parameter.name] ?? null }
      : parameter,
  );
}

/** The dashboard as a menu item (docs/product.md §3: name = layout id), for pinning and the favourites. */
function asMenuItem(dashboard: DashboardResponse): MenuItem {
  return {
    name: String(dashboard.layoutId),
    title: dashboard.title,
    subTitle: dashboard.subTitle,
    icon: 'layout-dashboard',
    path: paths.dashboard.getHref(dashboard.layoutId),
    externalUrl: null,
    isActive: false,
    isPinned: dashboard.isPinned,
    leaveTitleUntranslated: false,
  };
}

/**
 * `/dashboards/:layoutId` (docs/product.md §D.3): a grid of tiles, each loading its own data. A dashboard
 * with parameters of its own (decision 027) shows them above the grid; its report-definition tiles follow.
 */
export function DashboardView({
  layoutId,
  culture,
  currencySymbol,
  values,
  onValuesChange,
  isAdministrator = false,
}: DashboardViewProps) {
  const { t } = useTranslation();
  const dashboard = useDashboard(layoutId);
  const formatter = useValueFormatter(culture, currencySymbol);
  const togglePin = usePinToggle();

  if (dashboard.isPending) {
    return (
      <Page title={t('dashboards.title')}>
        <Group gap="sm" role="status" aria-busy="true" py="xl" justify="center">
          <Loader size="sm" />
          <Text c="dimmed">{t('common.loading')}</Text>
        </Group>
      </Page>
    );
  }
  if (dashboard.isError) {
    const notFound = isApiRequestError(dashboard.error) && [400, 404].includes(dashboard.error.status);
    return (
      <Page title={t('dashboards.title')}>
        {notFound ? (
          <PlaceholderTile
            icon="search"
            headline={t('dashboards.notFound.headline')}
            text={t('dashboards.notFound.text')}
          />
        ) : (
          <PlaceholderTile onRetry={() => void dashboard.refetch()} />
        )}
      </Page>
    );
  }

  const data = dashboard.data;
  return (
    <Page title={data.title}>
      <Group justify="space-between" mt={-8} gap="sm">
        <Group gap="sm">
          <Badge variant="light">{data.groupTitle}</Badge>
          {data.subTitle && <Text c="dimmed">{data.subTitle}</Text>}
        </Group>
        <Button
          variant={data.isPinned ? 'light' : 'default'}
          color={data.isPinned ? 'orange' : 'gray'}
          leftSection={
            data.isPinned ? (
              <IconStarFilled size={16} aria-hidden="true" />
            ) : (
              <IconStar size={16} aria-hidden="true" />
            )
          }
          aria-pressed={data.isPinned}
          onClick={() => togglePin({ kind: 'dashboard', item: asMenuItem(data), isPinned: !data.isPinned })}
          data-testid="dashboard-pin"
        >
          {t(data.isPinned ? 'dashboards.page.unpin' : 'dashboards.page.pin')}
        </Button>
      </Group>
      {data.parameters && data.parameters.length > 0 && (
        <ParameterBar
          parameters={parametersInUse(data.parameters, values)}
          onChange={(name, value) => onValuesChange?.(withValue(values, name, value))}
          culture={formatter.culture}
        />
      )}
      <Grid gap="md" data-testid="dashboard-grid">
        {data.tiles.map((tile) => (
          <Grid.Col key={tile.id} span={{ base: 12, md: tile.width }}>
            <DashboardTile
              layoutId={layoutId}
              tile={tile}
              formatter={formatter}
              values={values}
              isAdministrator={isAdministrator}
            />
          </Grid.Col>
        ))}
      </Grid>
    </Page>
  );
}
