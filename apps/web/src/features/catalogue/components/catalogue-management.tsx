import { useState } from 'react';
import { Group, Stack, Tabs, Text } from '@mantine/core';
import { IconEye, IconLayoutDashboard, IconListTree } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type {
  CatalogueDashboard,
  CatalogueDashboardGroup,
  CatalogueDocument,
  CatalogueItem,
  CatalogueMenuGroup,
  CatalogueObjectKind,
  CatalogueUsage,
  UiLanguageName,
} from '@cockpit/contracts';
import type { TFunction } from 'i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryStatus } from '../../../components/ui/query-table';
import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/toast';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useDeleteDashboard } from '../api/delete-dashboard';
import { useDeleteDashboardGroup } from '../api/delete-dashboard-group';
import { useDeleteItem } from '../api/delete-item';
import { useDeleteMenuGroup } from '../api/delete-menu-group';
import { useCatalogue } from '../api/get-catalogue';
import { useCatalogueUsage } from '../api/get-catalogue-usage';
import { useSaveDashboard } from '../api/save-dashboard';
import { useSaveDashboardGroup } from '../api/save-dashboard-group';
import { useSaveItem } from '../api/save-item';
import { useSaveMenuGroup } from '../api/save-menu-group';
import { dashboardMoveInput, itemMoveInput, textIn } from '../utils/catalogue-form';
import { catalogueErrorTexts, kindLabel } from '../utils/catalogue-labels';
import { serverErrorMessage } from '../../../lib/server-error';
import { CatalogueTransfer } from './catalogue-transfer';
import {
  CatalogueTree,
  moveButtonId,
  type MoveDirection,
  type TreeGroup,
  type TreeHighlight,
} from './catalogue-tree';
import { DashboardDialog } from './dashboard-dialog';
import { GroupDialog, type GroupKind } from './group-dialog';
import { ItemDialog } from './item-dialog';
import { PreviewAs } from './preview-as';

type Dialog =
  | { kind: 'group'; groupKind: GroupKind; group: CatalogueMenuGroup | CatalogueDashboardGroup | null }
  | { kind: 'item'; group: string; item: CatalogueItem | null }
  | { kind: 'dashboard'; group: string; dashboard: CatalogueDashboard | null }
  | { kind: 'delete'; object: TreeObjectKind; key: string }
  | null;

type Tab = 'menu' | 'dashboards' | 'preview';

/** What the tree shows and deletes; data sources and definitions are managed in Data (decision 027). */
type TreeObjectKind = Exclude<CatalogueObjectKind, 'data-source' | 'definition'>;

const sumPins = (names: string[], pins: Record<string, number>) =>
  names.reduce((sum, name) => sum + (pins[name] ?? 0), 0);

function itemDetail(t: TFunction, item: CatalogueItem): string {
  if (!item.report) return kindLabel(t, 'none');
  return kindLabel(t, item.report.kind);
}

function menuTree(
  document: CatalogueDocument,
  usage: CatalogueUsage | undefined,
  t: TFunction,
  language: UiLanguageName,
): TreeGroup[] {
  return document.menu.map((group) => ({
    name: group.name,
    title: textIn(group.title, language),
    icon: group.icon ?? null,
    audience: group.audience,
    // A menu group has no page of its own: "Open" shows its first report, else the reports' home.
    href: group.items[0] ? paths.report.getHref(group.items[0].name) : paths.reportsHome.getHref(),
    children: group.items.map((item) => ({
      name: item.name,
      title: textIn(item.title, language),
      subTitle: item.subTitle ? textIn(item.subTitle, language) : undefined,
      icon: item.icon ?? null,
      audience: item.audience,
      featured: item.featured,
      detail: itemDetail(t, item),
      ...(item.report?.kind === 'external'
        ? { href: item.report.url, external: true }
        : { href: paths.report.getHref(item.name) }),
      pins: usage?.reportPins[item.name] ?? 0,
    })),
  }));
}

function dashboardsTree(
  document: CatalogueDocument,
  usage: CatalogueUsage | undefined,
  t: TFunction,
  language: UiLanguageName,
): TreeGroup[] {
  return document.dashboards.map((group) => ({
    name: group.name,
    title: textIn(group.title, language),
    icon: group.icon ?? null,
    audience: group.audience,
    // The dashboards page shows each group as a section (dashboards-overview.tsx).
    href: `${paths.dashboards.getHref()}#dashboard-group-${group.name}`,
    children: group.dashboards.map((dashboard) => ({
      name: String(dashboard.layoutId),
      title: textIn(dashboard.title, language),
      subTitle: dashboard.subTitle ? textIn(dashboard.subTitle, language) : undefined,
      audience: dashboard.audience,
      featured: dashboard.featured,
      detail: t('management.catalogue.tileCount', { count: dashboard.tiles.length }),
      href: paths.dashboard.getHref(dashboard.layoutId),
      pins: usage?.dashboardPins[String(dashboard.layoutId)] ?? 0,
    })),
  }));
}

/** Gives the focus back to a move button after the list was redrawn in its new order. */
function refocus(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * Management → Catalogue (decision 015): the menu groups with their report items and the dashboard
 * groups with their dashboards, as trees to create, edit, reorder and delete in; "Preview as"; export
 * and import of the whole document. Every change goes to the server at once; the trees show its answer.
 */
export function CatalogueManagement() {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const catalogue = useCatalogue();
  const usage = useCatalogueUsage();
  const [tab, setTab] = useState<Tab>('menu');
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The row just added, to scroll to and mark in its tree. */
  const [added, setAdded] = useState<{ tree: Tab; row: TreeHighlight } | null>(null);

  const moveMenuGroup = useSaveMenuGroup();
  const moveItem = useSaveItem();
  const moveDashboardGroup = useSaveDashboardGroup();
  const moveDashboard = useSaveDashboard();
  const moving =
    moveMenuGroup.isPending || moveItem.isPending || moveDashboardGroup.isPending || moveDashboard.isPending;

  const deleteMenuGroup = useDeleteMenuGroup();
  const deleteItem = useDeleteItem();
  const deleteDashboardGroup = useDeleteDashboardGroup();
  const deleteDashboard = useDeleteDashboard();
  const deletions = {
    'menu-group': deleteMenuGroup,
    item: deleteItem,
    'dashboard-group': deleteDashboardGroup,
    dashboard: deleteDashboard,
  } satisfies Record<TreeObjectKind, unknown>;

  function closeDialog() {
    for (const deletion of Object.values(deletions)) deletion.reset();
    setDialog(null);
  }

  const moveFailed = (error: unknown) =>
    showToast({
      type: 'error',
      title: t('management.catalogue.errors.notMoved'),
      message: serverErrorMessage(t, error, catalogueErrorTexts),
    });
  const saved = (title: string, key: string) => {
    showToast({ type: 'success', title: t('management.catalogue.saved'), message: title });
    if (dialog?.kind === 'group' && !dialog.group)
      setAdded({
        tree: dialog.groupKind === 'menu' ? 'menu' : 'dashboards',
        row: { level: 'group', name: key },
      });
    if (dialog?.kind === 'item' && !dialog.item)
      setAdded({ tree: 'menu', row: { level: 'child', name: key } });
    if (dialog?.kind === 'dashboard' && !dialog.dashboard)
      setAdded({ tree: 'dashboards', row: { level: 'child', name: key } });
    closeDialog();
  };
  /** A drag ended: the one save of the new order has been answered. */
  const reordered = (title: string) =>
    showToast({ type: 'success', title: t('management.catalogue.reorder.saved'), message: title });

  if (!catalogue.isSuccess) return <QueryStatus query={catalogue} />;

  const document = catalogue.data;
  const reportPins = usage.data?.reportPins ?? {};
  const dashboardPins = usage.data?.dashboardPins ?? {};

  /** What a delete takes with it, from the latest pin counts (asked again when the dialog opens). */
  function deleteSummary(object: TreeObjectKind, key: string): { title: string; text: string } | null {
    const pinCount = (count: number) => t('management.catalogue.pinCount', { count });
    if (object === 'menu-group') {
      const group = document.menu.find((candidate) => candidate.name === key);
      if (!group) return null;
      const title = textIn(group.title, language);
      const names = group.items.map((item) => item.name);
      return {
        title,
        text: t('management.catalogue.deleteMenuGroupText', {
          title,
          items: t('management.catalogue.itemCount', { count: names.length }),
          pins: pinCount(sumPins(names, reportPins)),
        }),
      };
    }
    if (object === 'item') {
      const item = document.menu.flatMap((group) => group.items).find((candidate) => candidate.name === key);
      if (!item) return null;
      const title = textIn(item.title, language);
      return {
        title,
        text: t('management.catalogue.deleteItemText', { title, pins: pinCount(reportPins[key] ?? 0) }),
      };
    }
    if (object === 'dashboard-group') {
      const group = document.dashboards.find((candidate) => candidate.name === key);
      if (!group) return null;
      const title = textIn(group.title, language);
      const ids = group.dashboards.map((dashboard) => String(dashboard.layoutId));
      return {
        title,
        text: t('management.catalogue.deleteDashboardGroupText', {
          title,
          dashboards: t('management.catalogue.dashboardCount', { count: ids.length }),
          pins: pinCount(sumPins(ids, dashboardPins)),
        }),
      };
    }
    const dashboard = document.dashboards
      .flatMap((group) => group.dashboards)
      .find((candidate) => String(candidate.layoutId) === key);
    if (!dashboard) return null;
    const title = textIn(dashboard.title, language);
    return {
      title,
      text: t('management.catalogue.deleteDashboardText', { title, pins: pinCount(dashboardPins[key] ?? 0) }),
    };
  }

  function askDelete(object: TreeObjectKind, key: string) {
    // Users pin and unpin all the time: the confirmation counts what is pinned now.
    void usage.refetch();
    setDialog({ kind: 'delete', object, key });
  }

  function moveGroup(groupKind: GroupKind, index: number, direction: MoveDirection) {
    const position = index + direction;
    if (groupKind === 'menu') {
      const { items: _items, ...group } = document.menu[index]!;
      moveMenuGroup.mutate(
        { name: group.name, input: { ...group, position } },
        {
          onSuccess: () => refocus(moveButtonId('catalogue-menu', group.name, direction)),
          onError: moveFailed,
        },
      );
    } else {
      const { dashboards: _dashboards, ...group } = document.dashboards[index]!;
      moveDashboardGroup.mutate(
        { name: group.name, input: { ...group, position } },
        {
          onSuccess: () => refocus(moveButtonId('catalogue-dashboards', group.name, direction)),
          onError: moveFailed,
        },
      );
    }
  }

  function reorderGroup(groupKind: GroupKind, from: number, to: number) {
    if (groupKind === 'menu') {
      const { items: _items, ...group } = document.menu[from]!;
      moveMenuGroup.mutate(
        { name: group.name, input: { ...group, position: to } },
        { onSuccess: () => reordered(textIn(group.title, language)), onError: moveFailed },
      );
    } else {
      const { dashboards: _dashboards, ...group } = document.dashboards[from]!;
      moveDashboardGroup.mutate(
        { name: group.name, input: { ...group, position: to } },
        { onSuccess: () => reordered(textIn(group.title, language)), onError: moveFailed },
      );
    }
  }

  const deleting = dialog?.kind === 'delete' ? deletions[dialog.object] : null;
  const deleted = dialog?.kind === 'delete' ? deleteSummary(dialog.object, dialog.key) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Text c="dimmed" size="sm" maw={720}>
          {t('management.catalogue.intro')}
        </Text>
        <CatalogueTransfer />
      </Group>

      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List aria-label={t('management.catalogue.tabsLabel')}>
          <Tabs.Tab value="menu" leftSection={<IconListTree size={16} aria-hidden="true" />}>
            {t('management.catalogue.tabs.menu')}
          </Tabs.Tab>
          <Tabs.Tab value="dashboards" leftSection={<IconLayoutDashboard size={16} aria-hidden="true" />}>
            {t('management.catalogue.tabs.dashboards')}
          </Tabs.Tab>
          <Tabs.Tab value="preview" leftSection={<IconEye size={16} aria-hidden="true" />}>
            {t('management.catalogue.tabs.preview')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="menu" pt="md">
          <CatalogueTree
            id="catalogue-menu"
            groups={menuTree(document, usage.data, t, language)}
            texts={{
              heading: t('management.catalogue.menu.heading'),
              addGroup: t('management.catalogue.menu.addGroup'),
              addChild: t('management.catalogue.menu.addItem'),
              addChildTo: (group) => t('management.catalogue.menu.addItemTo', { group }),
              emptyGroup: t('management.catalogue.menu.emptyGroup'),
              empty: t('management.catalogue.menu.empty'),
            }}
            moving={moving}
            highlight={added?.tree === 'menu' ? added.row : null}
            onReorderGroup={(from, to) => reorderGroup('menu', from, to)}
            onReorderChild={(groupIndex, from, to) => {
              const group = document.menu[groupIndex]!;
              const item = group.items[from]!;
              moveItem.mutate(
                { name: item.name, input: itemMoveInput(item, group.name, to) },
                { onSuccess: () => reordered(textIn(item.title, language)), onError: moveFailed },
              );
            }}
            onAddGroup={() => setDialog({ kind: 'group', groupKind: 'menu', group: null })}
            onEditGroup={(index) =>
              setDialog({ kind: 'group', groupKind: 'menu', group: document.menu[index]! })
            }
            onDeleteGroup={(index) => askDelete('menu-group', document.menu[index]!.name)}
            onMoveGroup={(index, direction) => moveGroup('menu', index, direction)}
            onAddChild={(index) => setDialog({ kind: 'item', group: document.menu[index]!.name, item: null })}
            onEditChild={(groupIndex, itemIndex) =>
              setDialog({
                kind: 'item',
                group: document.menu[groupIndex]!.name,
                item: document.menu[groupIndex]!.items[itemIndex]!,
              })
            }
            onDeleteChild={(groupIndex, itemIndex) =>
              askDelete('item', document.menu[groupIndex]!.items[itemIndex]!.name)
            }
            onMoveChild={(groupIndex, itemIndex, direction) => {
              const group = document.menu[groupIndex]!;
              const item = group.items[itemIndex]!;
              moveItem.mutate(
                { name: item.name, input: itemMoveInput(item, group.name, itemIndex + direction) },
                {
                  onSuccess: () => refocus(moveButtonId('catalogue-menu', item.name, direction)),
                  onError: moveFailed,
                },
              );
            }}
          />
        </Tabs.Panel>

        <Tabs.Panel value="dashboards" pt="md">
          <CatalogueTree
            id="catalogue-dashboards"
            groups={dashboardsTree(document, usage.data, t, language)}
            texts={{
              heading: t('management.catalogue.dashboards.heading'),
              addGroup: t('management.catalogue.dashboards.addGroup'),
              addChild: t('management.catalogue.dashboards.addDashboard'),
              addChildTo: (group) => t('management.catalogue.dashboards.addDashboardTo', { group }),
              emptyGroup: t('management.catalogue.dashboards.emptyGroup'),
              empty: t('management.catalogue.dashboards.empty'),
            }}
            moving={moving}
            highlight={added?.tree === 'dashboards' ? added.row : null}
            onReorderGroup={(from, to) => reorderGroup('dashboards', from, to)}
            onReorderChild={(groupIndex, from, to) => {
              const group = document.dashboards[groupIndex]!;
              const dashboard = group.dashboards[from]!;
              moveDashboard.mutate(
                {
                  layoutId: String(dashboard.layoutId),
                  input: dashboardMoveInput(dashboard, group.name, to),
                },
                { onSuccess: () => reordered(textIn(dashboard.title, language)), onError: moveFailed },
              );
            }}
            onAddGroup={() => setDialog({ kind: 'group', groupKind: 'dashboards', group: null })}
            onEditGroup={(index) =>
              setDialog({ kind: 'group', groupKind: 'dashboards', group: document.dashboards[index]! })
            }
            onDeleteGroup={(index) => askDelete('dashboard-group', document.dashboards[index]!.name)}
            onMoveGroup={(index, direction) => moveGroup('dashboards', index, direction)}
            onAddChild={(index) =>
              setDialog({ kind: 'dashboard', group: document.dashboards[index]!.name, dashboard: null })
            }
            onEditChild={(groupIndex, dashboardIndex) =>
              setDialog({
                kind: 'dashboard',
                group: document.dashboards[groupIndex]!.name,
                dashboard: document.dashboards[groupIndex]!.dashboards[dashboardIndex]!,
              })
            }
            onDeleteChild={(groupIndex, dashboardIndex) =>
              askDelete(
                'dashboard',
                String(document.dashboards[groupIndex]!.dashboards[dashboardIndex]!.layoutId),
              )
            }
            onMoveChild={(groupIndex, dashboardIndex, direction) => {
              const group = document.dashboards[groupIndex]!;
              const dashboard = group.dashboards[dashboardIndex]!;
              const key = String(dashboard.layoutId);
              moveDashboard.mutate(
                {
                  layoutId: key,
                  input: dashboardMoveInput(dashboard, group.name, dashboardIndex + direction),
                },
                {
                  onSuccess: () => refocus(moveButtonId('catalogue-dashboards', key, direction)),
                  onError: moveFailed,
                },
              );
            }}
          />
        </Tabs.Panel>

        <Tabs.Panel value="preview" pt="md">
          <PreviewAs />
        </Tabs.Panel>
      </Tabs>

      {dialog?.kind === 'group' && (
        <GroupDialog kind={dialog.groupKind} group={dialog.group} onClose={closeDialog} onSaved={saved} />
      )}
      {dialog?.kind === 'item' && (
        <ItemDialog
          document={document}
          group={dialog.group}
          item={dialog.item}
          onClose={closeDialog}
          onSaved={saved}
        />
      )}
      {dialog?.kind === 'dashboard' && (
        <DashboardDialog
          document={document}
          group={dialog.group}
          dashboard={dialog.dashboard}
          onClose={closeDialog}
          onSaved={saved}
        />
      )}
      {dialog?.kind === 'delete' && deleting && deleted && (
        <ConfirmDialog
          title={t('management.catalogue.deleteTitle', { title: deleted.title })}
          confirmLabel={t('management.delete')}
          danger
          pending={deleting.isPending}
          failed={deleting.isError}
          errorMessage={
            deleting.isError ? serverErrorMessage(t, deleting.error, catalogueErrorTexts) : undefined
          }
          onClose={closeDialog}
          onConfirm={() =>
            deleting.mutate(dialog.key, {
              onSuccess: () => {
                showToast({
                  type: 'success',
                  title: t('management.catalogue.deleted'),
                  message: deleted.title,
                });
                closeDialog();
              },
            })
          }
        >
          {deleted.text}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
