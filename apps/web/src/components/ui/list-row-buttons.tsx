import type { ReactNode } from 'react';
import { ActionIcon, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const kinds = {
  edit: {
    icon: IconPencil,
    color: undefined,
    label: 'management.data.edit',
    named: 'management.data.editNamed',
  },
  delete: {
    icon: IconTrash,
    color: 'red',
    label: 'management.data.delete',
    named: 'management.data.deleteNamed',
  },
} as const;

/** A row's edit or delete button in the Management → Data lists: an icon with a tooltip, named after the row. */
export function RowButton({
  kind,
  name,
  onClick,
}: {
  kind: keyof typeof kinds;
  name: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const { icon: Icon, color, label, named } = kinds[kind];
  return (
    <Tooltip label={t(label)}>
      <ActionIcon variant="subtle" color={color} aria-label={t(named, { name })} onClick={onClick}>
        <Icon size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

/** The heading of a Management → Data list: title, a short introduction, and its "add" action on the right. */
export function ListHeading({
  id,
  title,
  intro,
  action,
}: {
  id: string;
  title: string;
  intro: string;
  action: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={2}>
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" maw={640}>
          {intro}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
