import { Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CatalogueReportDefinition, tileTypeOfVisual } from '@cockpit/contracts';
import { moveInList, newTile, type TileFormValues } from '../utils/catalogue-form';
import { tileTypeOptions } from '../utils/catalogue-labels';
import { ListEntryActions } from './list-entry-actions';
import { LocalisedFields } from './localised-fields';
import { moveTo, TileLayout } from './tile-layout';
import classes from './catalogue.module.css';

type TileEditorProps = {
  /** The catalogue's report definitions a tile may show (decision 027). */
  definitions: readonly CatalogueReportDefinition[];
  tiles: TileFormValues[];
  onChange: (tiles: TileFormValues[]) => void;
  /** Tiles whose English title is missing (by index), after a first attempt to save. */
  invalidTitles: ReadonlySet<number>;
  /** The names of the dashboard's own parameters: a tile's definition parameter of the same name follows it. */
  dashboardParameters: readonly string[];
};

/**
 * The tiles of a dashboard (decision 015): each a visual of a report definition (decision 027) — a KPI
 * row, a line or bar chart or a table — with its width in a 12-column grid; tiles fill the grid in order.
 */
export function TileEditor({
  definitions,
  tiles,
  onChange,
  invalidTitles,
  dashboardParameters,
}: TileEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, changes: Partial<TileFormValues>) =>
    onChange(tiles.map((tile, i) => (i === index ? { ...tile, ...changes } : tile)));
  // A tile's type follows its visual (decision 046): with a visual chosen it is that visual's and not
  // editable; with "the first of the tile's type" only the types the definition has visuals of are offered.
  const typeField = (
    tile: TileFormValues,
    index: number,
    definition: CatalogueReportDefinition | undefined,
  ) => {
    const visuals = definition?.visuals ?? [];
    const offered = new Set(visuals.map(tileTypeOfVisual));
    return (
      <Select
        label={t('management.catalogue.tiles.type')}
        data={tileTypeOptions(t).filter((option) => offered.size === 0 || offered.has(option.value))}
        value={tile.type}
        onChange={(type) => type && update(index, { type: type })}
        allowDeselect={false}
        disabled={tile.definitionTile?.visual !== undefined}
        description={
          tile.definitionTile?.visual !== undefined ? t('management.catalogue.tiles.typeFollows') : undefined
        }
      />
    );
  };
  /** The tile type a definition's tile starts with: its first visual's (a definition without visuals shows its table). */
  const firstTypeOf = (name: string) => {
    const first = definitions.find((candidate) => candidate.name === name)?.visuals[0];
    return first ? tileTypeOfVisual(first) : 'table';
  };
  const widthField = (tile: TileFormValues, index: number) => (
    <NumberInput
      label={t('management.catalogue.tiles.width')}
      min={1}
      max={12}
      clampBehavior="strict"
      allowDecimal={false}
      value={tile.width}
      onChange={(width) => typeof width === 'number' && update(index, { width })}
    />
  );

  return (
    <Stack gap="sm" component="fieldset" className={classes.fieldset} aria-describedby="tiles-hint">
      <Text component="legend" size="sm" fw={500}>
        {t('management.catalogue.tiles.legend')}
      </Text>
      <Text size="xs" c="dimmed" id="tiles-hint">
        {t('management.catalogue.tiles.hint')}
      </Text>
      <TileLayout
        tiles={tiles}
        onMove={(from, to) => onChange(moveTo(tiles, from, to))}
        onResize={(index, width) => update(index, { width })}
      />
      {tiles.map((tile, index) => {
        const label = tile.title.en.trim() || t('management.catalogue.tiles.untitled', { number: index + 1 });
        const definition = definitions.find(
          (candidate) => candidate.name === tile.definitionTile?.definition,
        );
        const follows = (definition?.parameters ?? [])
          .map((parameter) => parameter.name)
          .filter((name) => dashboardParameters.includes(name));
        return (
          <Paper
            key={tile.key}
            withBorder
            p="sm"
            radius="md"
            data-testid="tile-row"
            aria-label={label}
            component="section"
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {t('management.catalogue.tiles.number', { number: index + 1 })}
                </Text>
                <ListEntryActions
                  title={label}
                  index={index}
                  count={tiles.length}
                  onMove={(direction) => onChange(moveInList(tiles, index, direction))}
                  removeLabel={t('management.catalogue.tiles.remove', { title: label })}
                  onRemove={() => onChange(tiles.filter((_, i) => i !== index))}
                />
              </Group>
              <LocalisedFields
                label={t('management.catalogue.tiles.title')}
                values={tile.title}
                onChange={(title) => update(index, { title })}
                required
                englishError={invalidTitles.has(index) ? t('management.catalogue.errors.title') : undefined}
                maxLength={200}
              />
              <Select
                label={t('management.catalogue.tiles.shows')}
                data={definitions.map((definition) => ({ value: definition.name, label: definition.name }))}
                value={tile.definitionTile?.definition ?? null}
                required
                onChange={(name) =>
                  update(index, {
                    definitionTile: name ? { definition: name, visual: undefined, values: undefined } : null,
                    ...(name ? { type: firstTypeOf(name) } : {}),
                  })
                }
                allowDeselect={false}
              />
              {tile.definitionTile && (
                <Group grow align="flex-start">
                  {typeField(tile, index, definition)}
                  <Select
                    label={t('management.catalogue.tiles.visual')}
                    data={[
                      { value: '', label: t('management.catalogue.tiles.visualDefault') },
                      ...(definition?.visuals ?? []).map((visual) => ({
                        value: visual.id,
                        label: `${visual.id} (${visual.type})`,
                      })),
                    ]}
                    value={tile.definitionTile.visual ?? ''}
                    onChange={(visual) => {
                      const chosen = definition?.visuals.find((candidate) => candidate.id === visual);
                      update(index, {
                        definitionTile: tile.definitionTile && {
                          ...tile.definitionTile,
                          visual: visual || undefined,
                        },
                        ...(chosen ? { type: tileTypeOfVisual(chosen) } : {}),
                      });
                    }}
                    allowDeselect={false}
                  />
                  {widthField(tile, index)}
                </Group>
              )}
              {follows.length > 0 && (
                <Text size="xs" c="dimmed" data-testid="tile-follows">
                  {t('management.catalogue.tiles.follows', { names: follows.join(', ') })}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => onChange([...tiles, newTile()])}
        >
          {t('management.catalogue.tiles.add')}
        </Button>
      </Group>
    </Stack>
  );
}
