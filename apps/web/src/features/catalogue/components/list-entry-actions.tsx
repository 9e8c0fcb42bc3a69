import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type ListEntryActionsProps = {
  /** The entry's name in the buttons' accessible names: "Move “Revenue” up". */
  title: string;
  index: number;
  count: number;
  onMove: (direction: -1 | 1) => void;
  /** The remove button's accessible name. */
  removeLabel: string;
  onRemove: () => void;
};

/** Up, down and remove for an entry of a list a dialog edits (a dashboard's tiles and its parameters). */
export function ListEntryActions({
  title,
  index,
  count,
  onMove,
  removeLabel,
  onRemove,
}: ListEntryActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={t('management.catalogue.moveUp', { title })}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t('management.catalogue.moveDown', { title })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={removeLabel} onClick={onRemove}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
