import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

export type RowAction = {
  /** The visible text of the menu entry. */
  label: string;
  /** A longer accessible name (with the row's name, say); the visible text otherwise. */
  ariaLabel?: string;
  icon?: ReactNode;
  /** A theme colour for actions that take something away (`red`). */
  color?: string;
  disabled?: boolean;
  onClick: () => void;
  'data-testid'?: string;
};

type RowActionsProps = {
  /** The trigger's accessible name: "More actions for Max Member". */
  label: string;
  actions: readonly RowAction[];
  'data-testid'?: string;
};

/**
 * A row's secondary actions behind one "⋯" button (management tables and their cards on phones), so a
 * row keeps its width for its content. Mantine's Menu: Enter, Space or Arrow down opens it, the arrows
 * move, Escape closes it and gives the focus back to the button.
 */
export function RowActions({ label, actions, 'data-testid': testId }: RowActionsProps) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          title={label}
          data-testid={testId}
        >
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.label}
            leftSection={action.icon}
            color={action.color}
            disabled={action.disabled}
            aria-label={action.ariaLabel}
            onClick={action.onClick}
            data-testid={action['data-testid']}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
