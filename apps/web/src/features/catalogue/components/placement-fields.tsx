import type { ReactNode } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isConflict } from '../utils/server-error';
import { hintsBelow } from './localised-fields';

type PlacementFieldsProps = {
  creating: boolean;
  /** The name or layout id: part of URLs, so it is fixed once created. */
  identifier: {
    label: string;
    /** The hint while creating; afterwards the field says it is fixed. */
    creatingHint: string;
    value: string;
    onChange: (value: string) => void;
    /** The field's own hint while the schema rejects it (`FormCheck.error`). */
    invalidError: string | undefined;
    /** Shown when the server answers 409: the name is taken. */
    takenError: string;
    saveError: unknown;
    numeric?: boolean;
    maxLength?: number;
  };
  /** The group it belongs to (items, dashboards); choosing another moves it there, at the end. */
  group?: { options: { value: string; label: string }[]; value: string; onChange: (group: string) => void };
  /** More fields on the same row (the icon). */
  children?: ReactNode;
};

/**
 * Where a catalogue object sits (decision 015): its name or layout id and, for items and dashboards, its
 * group — the same row in every catalogue dialog.
 */
export function PlacementFields({ creating, identifier, group, children }: PlacementFieldsProps) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      <TextInput
        label={identifier.label}
        inputWrapperOrder={hintsBelow}
        description={creating ? identifier.creatingHint : t('management.catalogue.fields.nameFixed')}
        value={identifier.value}
        inputMode={identifier.numeric ? 'numeric' : undefined}
        onChange={(event) => identifier.onChange(event.currentTarget.value)}
        readOnly={!creating}
        variant={creating ? 'default' : 'filled'}
        required
        error={identifier.invalidError ?? (isConflict(identifier.saveError) ? identifier.takenError : undefined)}
        maxLength={identifier.maxLength}
      />
      {group && (
        <Select
          label={t('management.catalogue.fields.group')}
          inputWrapperOrder={hintsBelow}
          description={creating ? undefined : t('management.catalogue.fields.groupMoveHint')}
          data={group.options}
          value={group.value}
          onChange={(value) => value && group.onChange(value)}
          allowDeselect={false}
        />
      )}
      {children}
    </Group>
  );
}
