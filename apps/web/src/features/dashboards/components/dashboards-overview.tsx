import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import { paths } from '../../../config/paths';
import { useDashboardsMenu } from '../api/get-dashboards-menu';

/** `/dashboards` (docs/product.md §2, titled Dashboards): the organisation's dashboards by group. */
export function DashboardsOverview() {
  const { t } = useTranslation();
  const menu = useDashboardsMenu();

  if (menu.isPending) return <Skeleton height={120} aria-hidden="true" />;
  if (menu.isError) {
    return <PlaceholderTile onRetry={() => void menu.refetch()} />;
  }
  if (menu.data.groups.length === 0) return <Text c="dimmed">{t('dashboards.overview.empty')}</Text>;

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('dashboards.overview.text')}</Text>
      {menu.data.groups.map((group) => (
        <Stack
          key={group.name}
          gap="sm"
          component="section"
          aria-labelledby={`dashboard-group-${group.name}`}
        >
          <Title order={2} size="h4" id={`dashboard-group-${group.name}`}>
            {group.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {group.items.map((item) => (
              <Card key={item.name} withBorder radius="md" padding="md">
                <Anchor component={Link} to={item.path ?? paths.dashboard.getHref(item.name)} fw={600}>
                  {item.title}
                </Anchor>
                {item.subTitle && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {item.subTitle}
                  </Text>
                )}
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
