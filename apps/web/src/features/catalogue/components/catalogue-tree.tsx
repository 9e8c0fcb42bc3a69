import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { usePagePointer } from '../../../lib/use-page-pointer';
import { ActionIcon, Badge, Button, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import {
  IconArrowDown,
  IconArrowUp,
  IconExternalLink,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/ui/row-actions';
import type { Audience } from '@cockpit/contracts';
import { roleLabel, subscriptionLabel } from '../../../lib/role-labels';
import { useCatalogueRenderers } from './catalogue-renderers';
import { moveTo } from './tile-layout';
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
  /** What it is: "Query report", "Embedded", "6 tiles". */
  detail?: string;
  /** How many users pinned it. */
  pins?: number;
  /** The page it shows ("Open"); `external`: another site, opened in a new tab. */
  href?: string;
  external?: boolean;
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
  /** A drag (mouse or keyboard) ended: one save with the new place. */
  onReorderGroup: (from: number, to: number) => void;
  onReorderChild: (groupIndex: number, from: number, to: number) => void;
  /** A row just added: scrolled to and marked for a moment. A new object each time. */
  highlight?: TreeHighlight | null;
};

export type TreeHighlight = { level: 'group' | 'child'; name: string };

/**
 * A row held by a drag: its list (`groups` or a group's name), where it was and where it would go.
 * `dropped`: the move is being saved; the list keeps the new order until the server has answered.
 */
type Lift = { scope: string; from: number; to: number; keyboard: boolean; dropped?: boolean };

const groupsScope = 'groups';
const childScope = (group: string) => `group:${group}`;

/** The original index of each place shown, with the lifted row moved. */
function shownOrder(count: number, scope: string, lift: Lift | null): number[] {
  const indices = Array.from({ length: count }, (_, index) => index);
  return lift && lift.scope === scope ? moveTo(indices, lift.from, lift.to) : indices;
}

/** The key a move button is found by, to give it the focus back once the list has been redrawn. */
export const moveButtonId = (treeId: string, name: string, direction: MoveDirection) =>
  `${treeId}-${name}-${direction === -1 ? 'up' : 'down'}`;

/**
 * A catalogue tree (decision 015): groups with their items or dashboards, in menu order, each with its
 * audience, featured mark and pins, and buttons to move it up or down, edit and delete it. Nested lists
 * of ordinary buttons: every action is reachable with Tab and named for screen readers.
 */
export function CatalogueTree(props: CatalogueTreeProps) {
  const { id, groups, texts, onAddGroup, highlight, moving } = props;
  const { t } = useTranslation();
  const reduceMotion = useReducedMotion();
  const sectionRef = useRef<HTMLElement>(null);
  const [lift, setLift] = useState<Lift | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [marked, setMarked] = useState<TreeHighlight | null>(null);
  const shownHighlight = useRef<TreeHighlight | null>(null);
  const focusHandle = useRef<string | null>(null);

  // A dropped row keeps its new place until the save is over (the server's order is then shown).
  const [wasMoving, setWasMoving] = useState(moving);
  if (wasMoving !== moving) {
    setWasMoving(moving);
    if (!moving && lift?.dropped) setLift(null);
  }

  // The keyboard keeps its place on the handle while the list is drawn in a new order.
  useEffect(() => {
    const handle = focusHandle.current;
    if (!handle) return;
    focusHandle.current = null;
    document.getElementById(handle)?.focus();
  });

  // A row just added: scrolled to (without animation when the user asked for less motion) and marked.
  useEffect(() => {
    if (!highlight || shownHighlight.current === highlight) return;
    const row = [
      ...(sectionRef.current?.querySelectorAll<HTMLElement>(`[data-testid="${id}-${highlight.level}"]`) ??
        []),
    ].find((candidate) => candidate.dataset.name === highlight.name);
    if (!row) return;
    shownHighlight.current = highlight;
    row.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    setMarked(highlight);
    const timer = setTimeout(() => setMarked(null), 3000);
    return () => clearTimeout(timer);
  }, [highlight, groups, id, reduceMotion]);

  // A mouse or finger drag follows the pointer over the whole page while the rows are redrawn in their new order.
  const held = lift && !lift.keyboard && !lift.dropped ? lift : null;
  const moveHeld = (current: Lift, event: globalThis.PointerEvent) => {
    const places = [
      ...(sectionRef.current?.querySelectorAll<HTMLElement>('[data-reorder-scope]') ?? []),
    ].filter((row) => row.dataset.reorderScope === current.scope);
    if (places.length === 0) return;
    let to = current.to;
    places.forEach((row, place) => {
      const rect = row.getBoundingClientRect();
      if (event.clientY >= rect.top && event.clientY <= rect.bottom) to = place;
    });
    if (event.clientY < places[0]!.getBoundingClientRect().top) to = 0;
    if (event.clientY > places.at(-1)!.getBoundingClientRect().bottom) to = places.length - 1;
    if (to !== current.to) setLift({ ...current, to });
  };
  usePagePointer(
    held && { move: (event) => moveHeld(held, event), up: () => drop(held), cancel: () => setLift(null) },
  );

  const scopeTitles = (scope: string): string[] =>
    scope === groupsScope
      ? groups.map((group) => group.title)
      : (groups.find((group) => childScope(group.name) === scope)?.children.map((child) => child.title) ??
        []);

  function drop(current: Lift) {
    if (current.from === current.to) {
      setLift(null);
      setAnnouncement(t('management.catalogue.reorder.cancelled'));
      return;
    }
    setLift({ ...current, dropped: true });
    const titles = scopeTitles(current.scope);
    setAnnouncement(
      t('management.catalogue.reorder.dropped', {
        title: titles[current.from],
        position: current.to + 1,
        total: titles.length,
      }),
    );
    if (current.scope === groupsScope) props.onReorderGroup(current.from, current.to);
    else {
      const groupIndex = groups.findIndex((group) => childScope(group.name) === current.scope);
      props.onReorderChild(groupIndex, current.from, current.to);
    }
  }

  /** The handlers of a row's drag handle: mouse or finger, and Space / arrows / Escape. */
  function handleProps(
    scope: string,
    index: number,
    count: number,
    title: string,
    handleId: string,
  ): DragHandleProps {
    const held = lift?.scope === scope && lift.from === index && !lift.dropped ? lift : null;
    return {
      id: handleId,
      held: held !== null,
      disabled: moving || (lift !== null && held === null),
      onPointerDown: (event) => {
        if (event.button !== 0 || moving || lift) return;
        event.preventDefault();
        setLift({ scope, from: index, to: index, keyboard: false });
      },
      onKeyDown: (event) => {
        if (event.key === ' ' || event.key === 'Enter') {
          event.preventDefault();
          if (moving) return;
          if (held) drop(held);
          else if (!lift) {
            setLift({ scope, from: index, to: index, keyboard: true });
            setAnnouncement(
              t('management.catalogue.reorder.lifted', { title, position: index + 1, total: count }),
            );
          }
        } else if (held && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
          event.preventDefault();
          const to = Math.max(0, Math.min(count - 1, held.to + (event.key === 'ArrowUp' ? -1 : 1)));
          if (to === held.to) return;
          focusHandle.current = handleId;
          setLift({ ...held, to });
          setAnnouncement(
            t('management.catalogue.reorder.moving', { title, position: to + 1, total: count }),
          );
        } else if (held && event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          focusHandle.current = handleId;
          setLift(null);
          setAnnouncement(t('management.catalogue.reorder.cancelled'));
        }
      },
    };
  }

  const groupOrder = shownOrder(groups.length, groupsScope, lift);
  const isMarked = (level: TreeHighlight['level'], name: string) =>
    marked?.level === level && marked.name === name;

  return (
    <section aria-labelledby={`${id}-heading`} className={classes.tree} ref={sectionRef}>
      <VisuallyHidden id={`${id}-reorder-hint`}>{t('management.catalogue.reorder.hint')}</VisuallyHidden>
      <VisuallyHidden aria-live="assertive" data-testid={`${id}-announcement`}>
        {announcement}
      </VisuallyHidden>
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
          {groupOrder.map((groupIndex, groupPlace) => {
            const group = groups[groupIndex]!;
            const scope = childScope(group.name);
            const childOrder = shownOrder(group.children.length, scope, lift);
            return (
              <li
                key={group.name}
                className={classes.group}
                data-testid={`${id}-group`}
                data-name={group.name}
                data-reorder-scope={groupsScope}
              >
                <NodeRow
                  treeId={id}
                  node={group}
                  level="group"
                  first={groupPlace === 0}
                  last={groupPlace === groups.length - 1}
                  moving={props.moving}
                  highlighted={isMarked('group', group.name)}
                  drag={handleProps(
                    groupsScope,
                    groupIndex,
                    groups.length,
                    group.title,
                    `${id}-${group.name}-handle`,
                  )}
                  reorderHint={`${id}-reorder-hint`}
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
                    {childOrder.map((childIndex, childPlace) => {
                      const child = group.children[childIndex]!;
                      return (
                        <li
                          key={child.name}
                          data-testid={`${id}-child`}
                          data-name={child.name}
                          data-reorder-scope={scope}
                        >
                          <NodeRow
                            treeId={id}
                            node={child}
                            level="child"
                            first={childPlace === 0}
                            last={childPlace === group.children.length - 1}
                            moving={props.moving}
                            highlighted={isMarked('child', child.name)}
                            drag={handleProps(
                              scope,
                              childIndex,
                              group.children.length,
                              child.title,
                              `${id}-${group.name}-${child.name}-handle`,
                            )}
                            reorderHint={`${id}-reorder-hint`}
                            onEdit={() => props.onEditChild(groupIndex, childIndex)}
                            onDelete={() => props.onDeleteChild(groupIndex, childIndex)}
                            onMove={(direction) => props.onMoveChild(groupIndex, childIndex, direction)}
                          />
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

type DragHandleProps = {
  id: string;
  held: boolean;
  disabled: boolean;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

type NodeRowProps = {
  treeId: string;
  highlighted: boolean;
  drag: DragHandleProps;
  reorderHint: string;
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
  highlighted,
  drag,
  reorderHint,
}: NodeRowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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

  const openProps = {
    size: 'compact-sm',
    variant: 'subtle',
    leftSection: <IconExternalLink size={14} aria-hidden="true" />,
    'aria-label': t('management.catalogue.openTitle', { title: node.title }),
    children: t('management.catalogue.open'),
  } as const;
  const openLink = !node.href ? null : node.external ? (
    <Button {...openProps} component="a" href={node.href} target="_blank" rel="noopener noreferrer" />
  ) : (
    <Button {...openProps} component={Link} to={node.href} />
  );

  return (
    <div
      className={[
        level === 'group' ? classes.groupRow : classes.childRow,
        drag.held ? classes.dragging : '',
        highlighted ? classes.highlighted : '',
      ].join(' ')}
      data-highlighted={highlighted || undefined}
    >
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
          {openLink}
          <ActionIcon
            variant={drag.held ? 'filled' : 'subtle'}
            className={classes.dragHandle}
            id={drag.id}
            aria-label={t('management.catalogue.reorder.handle', { title: node.title })}
            aria-describedby={reorderHint}
            aria-pressed={drag.held}
            aria-disabled={drag.disabled || undefined}
            onPointerDown={drag.onPointerDown}
            onKeyDown={drag.onKeyDown}
          >
            <IconGripVertical size={18} aria-hidden="true" />
          </ActionIcon>
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
              ...(node.href
                ? [
                    {
                      label: t('management.catalogue.open'),
                      ariaLabel: t('management.catalogue.openTitle', { title: node.title }),
                      icon: <IconExternalLink size={16} aria-hidden="true" />,
                      onClick: () => {
                        if (node.external) window.open(node.href, '_blank', 'noopener');
                        else void navigate(node.href!);
                      },
                    },
                  ]
                : []),
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
