import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { usePagePointer } from '../../../lib/use-page-pointer';
import { Grid, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { localisedText, textIn, type TileFormValues } from '../utils/catalogue-form';
import { tileTypeLabel } from '../utils/catalogue-labels';
import classes from './catalogue.module.css';

export const gridColumns = 12;

/** A move of the tile at `from` to `to`, the others keeping their order. */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

const clampWidth = (width: number) => Math.max(1, Math.min(gridColumns, Math.round(width)));

type TileLayoutProps = {
  tiles: readonly TileFormValues[];
  onMove: (from: number, to: number) => void;
  onResize: (index: number, width: number) => void;
};

/** While the mouse (or a finger) holds a tile: where it would go, or how wide it would be. */
type Gesture =
  | { kind: 'move'; key: string; from: number; to: number }
  | { kind: 'resize'; key: string; index: number; startX: number; startWidth: number; width: number };

/**
 * The dashboard's layout as its page shows it on a wide screen (dashboard-view.tsx: Mantine's Grid, each
 * tile `width` of 12 columns, in order): drag a tile to another place, drag its right edge to change its
 * width. With the keyboard a focused tile moves with the arrow keys and changes width with Shift + arrow
 * keys; each change is announced.
 */
export function TileLayout({ tiles, onMove, onResize }: TileLayoutProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const gridRef = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterRender = useRef<string | null>(null);

  const titleOf = (tile: TileFormValues, index: number) =>
    textIn(localisedText(tile.title), language) ||
    t('management.catalogue.tiles.untitled', { number: index + 1 });

  // The order and widths shown: the form's, with the gesture in progress applied.
  const shown =
    gesture?.kind === 'move'
      ? moveTo(tiles, gesture.from, gesture.to)
      : tiles.map((tile, index) =>
          gesture?.kind === 'resize' && gesture.index === index ? { ...tile, width: gesture.width } : tile,
        );

  useEffect(() => {
    const key = focusAfterRender.current;
    if (!key) return;
    focusAfterRender.current = null;
    gridRef.current?.querySelector<HTMLElement>(`[data-tile-key="${key}"]`)?.focus();
  });

  const announceMove = (tile: TileFormValues, to: number) =>
    setAnnouncement(
      t('management.catalogue.layout.moved', {
        title: titleOf(tile, to),
        position: to + 1,
        total: tiles.length,
      }),
    );
  const announceWidth = (tile: TileFormValues, index: number, width: number) =>
    setAnnouncement(t('management.catalogue.layout.resized', { title: titleOf(tile, index), width }));

  function move(index: number, to: number) {
    const tile = tiles[index];
    if (!tile || to < 0 || to >= tiles.length || to === index) return;
    focusAfterRender.current = tile.key;
    onMove(index, to);
    announceMove(tile, to);
  }

  function resize(index: number, width: number) {
    const tile = tiles[index];
    const next = clampWidth(width);
    if (!tile || next === tile.width) return;
    onResize(index, next);
    announceWidth(tile, index, next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    if (event.shiftKey) resize(index, tiles[index]!.width + step);
    else move(index, index + step);
  }

  /** The place under the pointer: the tile it is over, else the nearest tile in reading order. */
  function placeAt(x: number, y: number): number | null {
    const cells = [...(gridRef.current?.querySelectorAll<HTMLElement>('[data-tile-key]') ?? [])];
    let best: { index: number; distance: number } | null = null;
    cells.forEach((cell, index) => {
      const rect = cell.getBoundingClientRect();
      const dx = x < rect.left ? rect.left - x : x > rect.right ? x - rect.right : 0;
      const dy = y < rect.top ? rect.top - y : y > rect.bottom ? y - rect.bottom : 0;
      const distance = dx * dx + dy * dy;
      if (!best || distance < best.distance) best = { index, distance };
    });
    return best === null ? null : (best as { index: number }).index;
  }

  function startMove(event: PointerEvent<HTMLElement>, index: number) {
    if (event.button !== 0) return;
    event.preventDefault();
    setGesture({ kind: 'move', key: tiles[index]!.key, from: index, to: index });
  }

  function startResize(event: PointerEvent<HTMLElement>, index: number) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const width = tiles[index]!.width;
    setGesture({
      kind: 'resize',
      key: tiles[index]!.key,
      index,
      startX: event.clientX,
      startWidth: width,
      width,
    });
  }

  function pointerMoved(gesture: Gesture, event: globalThis.PointerEvent) {
    if (gesture.kind === 'move') {
      const to = placeAt(event.clientX, event.clientY);
      if (to !== null && to !== gesture.to) setGesture({ ...gesture, to });
    } else {
      const column = (gridRef.current?.getBoundingClientRect().width ?? 0) / gridColumns;
      if (column <= 0) return;
      const width = clampWidth(gesture.startWidth + (event.clientX - gesture.startX) / column);
      if (width !== gesture.width) setGesture({ ...gesture, width });
    }
  }

  function pointerReleased(gesture: Gesture) {
    setGesture(null);
    if (gesture.kind === 'move') move(gesture.from, gesture.to);
    else resize(gesture.index, gesture.width);
  }

  // The gesture follows the pointer over the whole page, also while the tiles are redrawn in a new order.
  usePagePointer(
    gesture && {
      move: (event) => pointerMoved(gesture, event),
      up: () => pointerReleased(gesture),
      cancel: () => setGesture(null),
    },
  );

  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} id="tile-layout-label">
          {t('management.catalogue.layout.heading')}
        </Text>
        <Text size="xs" c="dimmed" id="tile-layout-hint">
          {t('management.catalogue.layout.hint')}
        </Text>
      </div>
      {tiles.length === 0 ? (
        <Text size="sm" c="dimmed" className={classes.layoutEmpty}>
          {t('management.catalogue.tiles.empty')}
        </Text>
      ) : (
        <div
          ref={gridRef}
          className={classes.layout}
          data-testid="tile-layout"
          role="group"
          aria-labelledby="tile-layout-label"
        >
          <Grid gap="md" columns={gridColumns}>
            {shown.map((tile, index) => {
              const title = titleOf(tile, index);
              const active = gesture?.key === tile.key;
              return (
                <Grid.Col key={tile.key} span={tile.width}>
                  <Paper
                    withBorder
                    radius="md"
                    p="sm"
                    className={classes.layoutTile}
                    data-active={active || undefined}
                    data-tile-key={tile.key}
                    data-testid="layout-tile"
                    data-width={tile.width}
                    tabIndex={0}
                    role="button"
                    aria-roledescription={t('management.catalogue.layout.tileRole')}
                    aria-label={t('management.catalogue.layout.tileLabel', {
                      title,
                      type: tileTypeLabel(t, tile.type),
                      width: tile.width,
                      position: index + 1,
                      total: tiles.length,
                    })}
                    aria-describedby="tile-layout-hint"
                    onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => onKeyDown(event, index)}
                    onPointerDown={(event: PointerEvent<HTMLDivElement>) => startMove(event, index)}
                  >
                    <span className={classes.layoutGrip} aria-hidden="true">
                      <IconGripVertical size={16} />
                    </span>
                    <span className={classes.layoutText}>
                      <Text size="sm" fw={600} component="span" className={classes.layoutTitle}>
                        {title}
                      </Text>
                      <Text size="xs" c="dimmed" component="span" className={classes.layoutTitle}>
                        {tileTypeLabel(t, tile.type)} ·{' '}
                        {t('management.catalogue.layout.columns', { count: tile.width })}
                      </Text>
                    </span>
                    <span
                      className={classes.layoutResize}
                      aria-hidden="true"
                      data-testid="layout-resize"
                      onPointerDown={(event) => startResize(event, index)}
                    />
                  </Paper>
                </Grid.Col>
              );
            })}
          </Grid>
        </div>
      )}
      <VisuallyHidden aria-live="polite" data-testid="layout-announcement">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
