import { useState } from 'react';
import { Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MenuGroup } from '@cockpit/contracts';
import { QueryContent } from '../../../components/ui/query-table';
import { roleOptions, subscriptionOptions } from '../../../lib/option-labels';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useCataloguePreview, type PreviewAudience } from '../api/get-catalogue-preview';
import { useCatalogueRenderers } from './catalogue-renderers';
import classes from './catalogue.module.css';

/**
 * "Preview as" (decision 015): the main menu and the dashboards menu exactly as the server answers them
 * for a role and a subscription — the same audience rules as every user's own menu. Read-only.
 */
export function PreviewAs() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [audience, setAudience] = useState<PreviewAudience>({
    roleKey: 'organisationmember',
    subscription: 'basic',
  });
  const preview = useCataloguePreview(audience, language);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={720}>
        {t('management.catalogue.preview.intro')}
      </Text>
      <Group gap="md" align="flex-end">
        <Select
          label={t('management.catalogue.preview.role')}
          data={roleOptions(t)}
          value={audience.roleKey}
          onChange={(value) => value && setAudience((current) => ({ ...current, roleKey: value }))}
          allowDeselect={false}
          w={260}
        />
        <Select
          label={t('management.catalogue.preview.subscription')}
          data={subscriptionOptions(t)}
          value={audience.subscription}
          onChange={(value) => value && setAudience((current) => ({ ...current, subscription: value }))}
          allowDeselect={false}
          w={200}
        />
      </Group>
      <QueryContent query={preview} headingOrder={3}>
        {(data) => (
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing="lg"
            data-testid="catalogue-preview"
            aria-busy={preview.isFetching}
          >
            <PreviewTree
              id="preview-menu"
              heading={t('management.catalogue.preview.menu')}
              groups={data.menu}
            />
            <PreviewTree
              id="preview-dashboards"
              heading={t('management.catalogue.preview.dashboards')}
              groups={data.dashboards}
            />
          </SimpleGrid>
        )}
      </QueryContent>
    </Stack>
  );
}

function PreviewTree({ id, heading, groups }: { id: string; heading: string; groups: MenuGroup[] }) {
  const { t } = useTranslation();
  const { renderIcon } = useCatalogueRenderers();
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id}>
      <Title order={3} size="h4" id={`${id}-heading`} mb="sm">
        {heading}
      </Title>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('management.catalogue.preview.nothing')}
        </Text>
      ) : (
        <ul className={classes.groups}>
          {groups.map((group) => (
            <li key={group.name} className={classes.group}>
              <div className={classes.groupRow}>
                <span className={classes.icon}>{renderIcon(group.icon)}</span>
                <Text fw={700} component="span">
                  {group.title}
                </Text>
              </div>
              <ul className={classes.children} aria-label={group.title}>
                {group.items.map((item) => (
                  <li key={item.name} className={classes.childRow}>
                    <div className={classes.label}>
                      <Text size="sm" component="span" fw={500}>
                        {item.title}
                      </Text>
                      {item.subTitle && (
                        <Text size="xs" c="dimmed">
                          {item.subTitle}
                        </Text>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
