import type { ReactNode } from 'react';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocalisedText } from '@cockpit/contracts';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { textIn } from '../utils/catalogue-form';
import type { CatalogueForm } from '../utils/use-catalogue-form';
import { isConflict } from '../../../lib/server-error';
import { hintsBelow } from './localised-fields';

/** A group's or item's name, or a dashboard's layout id: its label, rules and messages. */
const identifiers = {
  name: {
    label: 'management.catalogue.fields.name',
    invalid: 'management.catalogue.errors.name',
    taken: 'management.catalogue.errors.nameTaken',
    numeric: false,
    maxLength: 64,
  },
  layoutId: {
    label: 'management.catalogue.fields.layoutId',
    invalid: 'management.catalogue.errors.layoutId',
    taken: 'management.catalogue.errors.layoutIdTaken',
    numeric: true,
    maxLength: undefined,
  },
} as const;

export type PlacementFieldsProps = {
  form: CatalogueForm;
  /** The name or layout id: part of URLs, so it is fixed once created. */
  identifier: {
    kind: keyof typeof identifiers;
    /** The hint while creating; afterwards the field says it is fixed. */
    creatingHint: string;
    /** Assigned by the dialog (a dashboard's next free layout id): shown, never asked for. */
    automatic?: boolean;
  };
  /**
   * The groups it can belong to (items, dashboards), shown by their titles in the UI language; choosing
   * another moves it there, at the end.
   */
  groups?: readonly { name: string; title: LocalisedText }[];
  /** More fields on the same row (the icon). */
  children?: ReactNode;
};

/**
 * Where a catalogue object sits (decision 015): its name or layout id and, for items and dashboards, its
 * group — the same row in every catalogue dialog.
 */
export function PlacementFields({ form, identifier, groups, children }: PlacementFieldsProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const { creating, check, values } = form;
  const { kind } = identifier;
  const rules = identifiers[kind];
  // One field a row on a phone: three side by side cut the name, the group and the hint mid-word.
  const fields = 1 + (groups ? 1 : 0) + (children ? 1 : 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: fields }} spacing="md">
      <TextInput
        label={t(rules.label)}
        inputWrapperOrder={hintsBelow}
        description={creating ? identifier.creatingHint : t('management.catalogue.fields.nameFixed')}
        value={values[kind] ?? ''}
        inputMode={rules.numeric ? 'numeric' : undefined}
        onChange={(event) => form.setPlacement(kind, event.currentTarget.value)}
        readOnly={!creating || identifier.automatic}
        variant={creating && !identifier.automatic ? 'default' : 'filled'}
        required
        error={
          check.error(kind, t(rules.invalid)) ?? (isConflict(form.save.error) ? t(rules.taken) : undefined)
        }
        maxLength={rules.maxLength}
      />
      {groups && (
        <Select
          label={t('management.catalogue.fields.group')}
          inputWrapperOrder={hintsBelow}
          description={creating ? undefined : t('management.catalogue.fields.groupMoveHint')}
          data={groups.map((group) => ({ value: group.name, label: textIn(group.title, language) }))}
          value={values.group ?? null}
          onChange={(value) => value && form.setPlacement('group', value)}
          allowDeselect={false}
        />
      )}
      {children}
    </SimpleGrid>
  );
}
