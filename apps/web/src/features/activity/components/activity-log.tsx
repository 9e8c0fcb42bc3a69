import { Fragment, useState } from 'react';
import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  activityKinds,
  type ActivityAction,
  type ActivityEntry,
  type ActivityKind,
  type CatalogueChange,
  catalogueChangeLabelKeys,
  catalogueObjectLabelKeys,
} from '@cockpit/contracts';
import { QueryTable } from '../../../components/ui/query-table';
import { formatDateTime, formatRelativeTime, useCulture } from '../../../lib/date-time';
import { useNow } from '../../../lib/use-now';
import { useActivity } from '../api/get-activity';
import classes from '../../../components/ui/management-table.module.css';

// Static keys (docs/conventions.md: a script checks that every language has them).
const actionLabelKeys: Record<ActivityAction, string> = {
  'catalogue.imported': 'management.activity.action.catalogue.imported',
  'catalogue.menu-group.added': 'management.activity.action.catalogue.menu-group.added',
  'catalogue.menu-group.changed': 'management.activity.action.catalogue.menu-group.changed',
  'catalogue.menu-group.removed': 'management.activity.action.catalogue.menu-group.removed',
  'catalogue.item.added': 'management.activity.action.catalogue.item.added',
  'catalogue.item.changed': 'management.activity.action.catalogue.item.changed',
  'catalogue.item.removed': 'management.activity.action.catalogue.item.removed',
  'catalogue.dashboard-group.added': 'management.activity.action.catalogue.dashboard-group.added',
  'catalogue.dashboard-group.changed': 'management.activity.action.catalogue.dashboard-group.changed',
  'catalogue.dashboard-group.removed': 'management.activity.action.catalogue.dashboard-group.removed',
  'catalogue.dashboard.added': 'management.activity.action.catalogue.dashboard.added',
  'catalogue.dashboard.changed': 'management.activity.action.catalogue.dashboard.changed',
  'catalogue.dashboard.removed': 'management.activity.action.catalogue.dashboard.removed',
  'catalogue.data-source.added': 'management.activity.action.catalogue.data-source.added',
  'catalogue.data-source.changed': 'management.activity.action.catalogue.data-source.changed',
  'catalogue.data-source.removed': 'management.activity.action.catalogue.data-source.removed',
  'catalogue.definition.added': 'management.activity.action.catalogue.definition.added',
  'catalogue.definition.changed': 'management.activity.action.catalogue.definition.changed',
  'catalogue.definition.removed': 'management.activity.action.catalogue.definition.removed',
  'users.created': 'management.activity.action.users.created',
  'users.changed': 'management.activity.action.users.changed',
  'users.deactivated': 'management.activity.action.users.deactivated',
  'users.reactivated': 'management.activity.action.users.reactivated',
  'users.password-reset': 'management.activity.action.users.password-reset',
  'users.two-factor-reset': 'management.activity.action.users.two-factor-reset',
  'notifications.sent': 'management.activity.action.notifications.sent',
  'banners.created': 'management.activity.action.banners.created',
  'banners.changed': 'management.activity.action.banners.changed',
  'banners.deleted': 'management.activity.action.banners.deleted',
  'contract.accepted': 'management.activity.action.contract.accepted',
  'data.source-added': 'management.activity.action.data.source-added',
  'data.source-changed': 'management.activity.action.data.source-changed',
  'data.source-removed': 'management.activity.action.data.source-removed',
  'data.table-uploaded': 'management.activity.action.data.table-uploaded',
  'data.table-removed': 'management.activity.action.data.table-removed',
  'data.row-rule-added': 'management.activity.action.data.row-rule-added',
  'data.row-rule-changed': 'management.activity.action.data.row-rule-changed',
  'data.row-rule-removed': 'management.activity.action.data.row-rule-removed',
  'sign-in.settings-changed': 'management.activity.action.sign-in.settings-changed',
  'sign-in.settings-removed': 'management.activity.action.sign-in.settings-removed',
  'sign-in.domain-verified': 'management.activity.action.sign-in.domain-verified',
  'sign-in.two-factor-policy-changed': 'management.activity.action.sign-in.two-factor-policy-changed',
};

const kindLabelKeys: Record<ActivityKind, string> = {
  catalogue: 'management.activity.kind.catalogue',
  users: 'management.activity.kind.users',
  notifications: 'management.activity.kind.notifications',
  data: 'management.activity.kind.data',
  banners: 'management.activity.kind.banners',
  contract: 'management.activity.kind.contract',
  'sign-in': 'management.activity.kind.sign-in',
};

const changeColors: Record<CatalogueChange['change'], string> = {
  added: 'green',
  changed: 'blue',
  removed: 'red',
};

/**
 * Management → Activity (decision 015): every administrator action of the organisation — catalogue
 * changes, users, notifications, banner messages, contract — newest first, paged and filterable by
 * kind. When: relative ("3 minutes ago") with the exact time in the UI culture; an import opens up to
 * the changes it made.
 */
export function ActivityLog() {
  const { t } = useTranslation();
  const culture = useCulture();
  const now = useNow();
  const [kind, setKind] = useState<ActivityKind | null>(null);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const activity = useActivity({ kind, page });

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm" maw={640}>
          {t('management.activity.intro')}
        </Text>
        <Select
          label={t('management.activity.filter')}
          data={[
            { value: '', label: t('management.activity.allKinds') },
            ...activityKinds.map((value) => ({ value, label: t(kindLabelKeys[value]) })),
          ]}
          value={kind ?? ''}
          onChange={(value) => {
            setKind(value ? value : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
        />
      </Group>

      <QueryTable
        query={activity}
        items={(data) => data.items}
        empty={{
          icon: 'search',
          headline: t('management.activity.emptyTitle'),
          text: t('management.activity.emptyText'),
        }}
        columns={[
          t('management.activity.when'),
          t('management.activity.who'),
          t('management.activity.what'),
          t('management.activity.target'),
          { label: t('management.activity.details'), hidden: true },
        ]}
        renderRow={(entry) => (
          <ActivityRow
            key={entry.id}
            entry={entry}
            when={formatRelativeTime(entry.at, culture, now)}
            exactly={formatDateTime(entry.at, culture)}
            expanded={expanded.has(entry.id)}
            onToggle={() => toggle(entry.id)}
          />
        )}
        minWidth={720}
        card={(entry) => ({
          key: entry.id,
          title: t(actionLabelKeys[entry.action]),
          summary: [
            entry.action === 'catalogue.imported' ? t('management.activity.wholeCatalogue') : entry.target,
            entry.actorName,
            formatRelativeTime(entry.at, culture, now),
          ]
            .filter(Boolean)
            .join(' · '),
        })}
        pages={(data) => ({ total: Math.ceil(data.total / data.pageSize), page, onChange: setPage })}
        data-testid="activity-table"
      />
    </Stack>
  );
}

type ActivityRowProps = {
  entry: ActivityEntry;
  when: string;
  exactly: string;
  expanded: boolean;
  onToggle: () => void;
};

function ActivityRow({ entry, when, exactly, expanded, onToggle }: ActivityRowProps) {
  const { t } = useTranslation();
  const changes = entry.changes ?? [];
  // An import is about the whole document; what it changed opens up below.
  const target =
    entry.action === 'catalogue.imported' ? t('management.activity.wholeCatalogue') : entry.target;
  const detailsId = `activity-${entry.id}-changes`;
  return (
    <Fragment>
      <Table.Tr data-testid="activity-row">
        <Table.Td>
          <Text size="sm" component="time" dateTime={entry.at} title={exactly} className={classes.name}>
            {when}
          </Text>
          <Text size="xs" c="dimmed" className={classes.name}>
            {exactly}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{entry.actorName}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{t(actionLabelKeys[entry.action])}</Text>
        </Table.Td>
        <Table.Td className={classes.emailCell}>
          <Text size="sm" className={classes.email} title={target}>
            {target}
          </Text>
        </Table.Td>
        <Table.Td>
          {changes.length > 0 && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={
                expanded ? (
                  <IconChevronDown size={14} aria-hidden="true" />
                ) : (
                  <IconChevronRight size={14} aria-hidden="true" />
                )
              }
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              onClick={onToggle}
            >
              {t('management.activity.changes', { count: changes.length })}
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
      {expanded && changes.length > 0 && (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={5}>
            <ul
              className={classes.changes}
              aria-label={t('management.activity.changesOf', {
                what: t(actionLabelKeys[entry.action]),
                when: exactly,
              })}
            >
              {changes.map((change) => (
                <li key={`${change.object}:${change.name}`}>
                  <Group gap="xs" wrap="nowrap">
                    <Badge
                      size="sm"
                      variant="light"
                      color={changeColors[change.change]}
                      className={classes.badge}
                    >
                      {t(catalogueChangeLabelKeys[change.change])}
                    </Badge>
                    <Text size="sm">
                      {t(catalogueObjectLabelKeys[change.object])}: {change.title}{' '}
                      <Text span size="xs" c="dimmed" ff="monospace">
                        {change.name}
                      </Text>
                    </Text>
                  </Group>
                </li>
              ))}
            </ul>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
