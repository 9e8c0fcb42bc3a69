import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Text, Title } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconPencil,
  IconPlus,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/ui/row-actions';
import type { Audience } from '@cockpit/contracts';
import { roleLabel, subscriptionLabel } from '../../../lib/option-labels';
import { useCatalogueRenderers } from './catalogue-renderers';
import classes from './catalogue.module.css';

/** One row of the tree: a group, a report item or a dashboard. */
export type TreeNode = {
  /** Name or layout id: unique in its list, shown as the object's key. */
  name: string;
  title: string;
  subTitle?: string;
  icon?: string | null;
  audience?: Audience;
  featured?: boolean;
  /** What it is: "Built-in · Sales overview", "Embedded", "6 tiles". */
  detail?: string;
  /** How many users pinned it. */
  pins?: number;
};

export type TreeGroup = TreeNode & { children: TreeNode[] };

export type TreeTexts = {
  heading: string;
  addGroup: string;
  /** The visible label ("Add item") and the full name for screen readers ("Add an item to Sales"). */
  addChild: string;
  addChildTo: (group: string) => string;
  emptyGroup: string;
  empty: string;
};

export type MoveDirection = -1 | 1;

type CatalogueTreeProps = {
  id: string;
  groups: TreeGroup[];
  texts: TreeTexts;
  /** A move is being saved: no other move starts until it is done. */
  moving: boolean;
  onAddGroup: () => void;
  onEditGroup: (groupIndex: number) => void;
  onDeleteGroup: (groupIndex: number) => void;
  onMoveGroup: (groupIndex: number, direction: MoveDirection) => void;
  onAddChild: (groupIndex: number) => void;
  onEditChild: (groupIndex: number, childIndex: number) => void;
  onDeleteChild: (groupIndex: number, childIndex: number) => void;
  onMoveChild: (groupIndex: number, childIndex: number, direction: MoveDirection) => void;
};

/** The key a move button is found by, to give it the focus back once the list has been redrawn. */
export const moveButtonId = (treeId: string, name: string, direction: MoveDirection) =>
  `${treeId}-${name}-${direction === -1 ? 'up' : 'down'}`;

/**
 * A catalogue tree (decision 015): groups with their items or dashboards, in menu order, each with its
 * audience, featured mark and pins, and buttons to move it up or down, edit and delete it. Nested lists
 * of ordinary buttons: every action is reachable with Tab and named for screen readers.
 */
export function CatalogueTree(props: CatalogueTreeProps) {
  const { id, groups, texts, onAddGroup } = props;
  return (
    <section aria-labelledby={`${id}-heading`} className={classes.tree}>
      <Group justify="space-between" align="center" mb="sm">
        <Title order={3} id={`${id}-heading`}>
          {texts.heading}
        </Title>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAddGroup}>
          {texts.addGroup}
        </Button>
      </Group>
      {groups.length === 0 ? (
        <Text c="dimmed" size="sm">
          {texts.empty}
        </Text>
      ) : (
        <ul className={classes.groups} aria-labelledby={`${id}-heading`}>
          {groups.map((group, groupIndex) => (
            <li key={group.name} className={classes.group} data-testid={`${id}-group`} data-name={group.name}>
              <NodeRow
                treeId={id}
                node={group}
                level="group"
                first={groupIndex === 0}
                last={groupIndex === groups.length - 1}
                moving={props.moving}
                onEdit={() => props.onEditGroup(groupIndex)}
                onDelete={() => props.onDeleteGroup(groupIndex)}
                onMove={(direction) => props.onMoveGroup(groupIndex, direction)}
                extra={
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPlus size={14} aria-hidden="true" />}
                    onClick={() => props.onAddChild(groupIndex)}
                    aria-label={texts.addChildTo(group.title)}
                  >
                    {texts.addChild}
                  </Button>
                }
              />
              {group.children.length === 0 ? (
                <Text size="sm" c="dimmed" className={classes.emptyGroup}>
                  {texts.emptyGroup}
                </Text>
              ) : (
                <ul className={classes.children} aria-label={group.title}>
                  {group.children.map((child, childIndex) => (
                    <li key={child.name} data-testid={`${id}-child`} data-name={child.name}>
                      <NodeRow
                        treeId={id}
                        node={child}
                        level="child"
                        first={childIndex === 0}
                        last={childIndex === group.children.length - 1}
                        moving={props.moving}
                        onEdit={() => props.onEditChild(groupIndex, childIndex)}
                        onDelete={() => props.onDeleteChild(groupIndex, childIndex)}
                        onMove={(direction) => props.onMoveChild(groupIndex, childIndex, direction)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type NodeRowProps = {
  treeId: string;
  node: TreeNode;
  level: 'group' | 'child';
  first: boolean;
  last: boolean;
  moving: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (direction: MoveDirection) => void;
  extra?: ReactNode;
};

function NodeRow({
  treeId,
  node,
  level,
  first,
  last,
  moving,
  onEdit,
  onDelete,
  onMove,
  extra,
}: NodeRowProps) {
  const { t } = useTranslation();
  const { renderIcon } = useCatalogueRenderers();
  const roles = node.audience?.roles ?? [];
  const subscriptions = node.audience?.subscriptions ?? [];

  // Moves keep the focus (aria-disabled rather than disabled): the button stays where the keyboard is.
  const moveButton = (direction: MoveDirection, unavailable: boolean) => (
    <ActionIcon
      variant="subtle"
      id={moveButtonId(treeId, node.name, direction)}
      aria-label={t(direction === -1 ? 'management.catalogue.moveUp' : 'management.catalogue.moveDown', {
        title: node.title,
      })}
      aria-disabled={unavailable || moving}
      data-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable && !moving) onMove(direction);
      }}
    >
      {direction === -1 ? (
        <IconArrowUp size={18} aria-hidden="true" />
      ) : (
        <IconArrowDown size={18} aria-hidden="true" />
      )}
    </ActionIcon>
  );

  return (
    <div className={level === 'group' ? classes.groupRow : classes.childRow}>
      <span className={classes.icon}>
        {node.icon !== undefined || level === 'group' ? renderIcon(node.icon) : null}
      </span>
      <div className={classes.label}>
        <Group gap="xs" wrap="wrap">
          <Text fw={level === 'group' ? 700 : 500} size={level === 'group' ? 'md' : 'sm'} component="span">
            {node.title}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" component="span" className={classes.technicalName}>
            {node.name}
          </Text>
          {node.featured && (
            <Badge
              size="sm"
              variant="light"
              color="orange"
              leftSection={<IconStarFilled size={10} aria-hidden="true" />}
            >
              {t('management.catalogue.featured')}
            </Badge>
          )}
          {/* Everyone (no audience) needs no mark; a limited audience is named. */}
          {[
            ...roles.map((role) => roleLabel(t, role)),
            ...subscriptions.map((s) => subscriptionLabel(t, s)),
          ].map((label) => (
            <Badge key={label} size="sm" variant="outline" color="blue" className={classes.badge}>
              {t('management.catalogue.onlyFor', { audience: label })}
            </Badge>
          ))}
        </Group>
        {(node.subTitle || node.detail || node.pins !== undefined) && (
          <Text size="xs" c="dimmed" className={classes.summary}>
            {[
              node.subTitle,
              node.detail,
              node.pins ? t('management.catalogue.pins', { count: node.pins }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
      </div>
      <Group gap={4} wrap="nowrap" className={classes.actions}>
        {extra}
        <Group gap={4} wrap="nowrap" className={classes.rowButtons}>
          {moveButton(-1, first)}
          {moveButton(1, last)}
          <ActionIcon
            variant="subtle"
            aria-label={t('management.catalogue.edit', { title: node.title })}
            onClick={onEdit}
          >
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('management.catalogue.delete', { title: node.title })}
            onClick={onDelete}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
        {/* On a phone the row is a card: the same actions behind "⋯" (catalogue.module.css). */}
        <span className={classes.rowMenu}>
          <RowActions
            label={t('management.moreActions', { name: node.title })}
            actions={[
              {
                label: t('management.edit'),
                ariaLabel: t('management.catalogue.edit', { title: node.title }),
                icon: <IconPencil size={16} aria-hidden="true" />,
                onClick: onEdit,
              },
              ...(first
                ? []
                : [
                    {
                      label: t('management.catalogue.moveUp', { title: node.title }),
                      icon: <IconArrowUp size={16} aria-hidden="true" />,
                      disabled: moving,
                      onClick: () => onMove(-1),
                    },
                  ]),
              ...(last
                ? []
                : [
                    {
                      label: t('management.catalogue.moveDown', { title: node.title }),
                      icon: <IconArrowDown size={16} aria-hidden="true" />,
                      disabled: moving,
                      onClick: () => onMove(1),
                    },
                  ]),
              {
                label: t('management.catalogue.delete', { title: node.title }),
                icon: <IconTrash size={16} aria-hidden="true" />,
                color: 'red',
                onClick: onDelete,
              },
            ]}
          />
        </span>
      </Group>
    </div>
  );
}
