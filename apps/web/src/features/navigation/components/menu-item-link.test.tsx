import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { MenuItem } from '@cockpit/contracts';
import { renderWithProviders } from '../../../testing/test-utils';
import { MenuItemLink } from './menu-item-link';

const item = (name: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  name,
  title: name,
  subTitle: null,
  icon: null,
  path: null,
  externalUrl: null,
  isActive: false,
  isPinned: false,
  leaveTitleUntranslated: false,
  ...extra,
});

// A catalogue item without a report yet (decision 015) is shown apart from a live one.
describe('menu item link', () => {
  it('marks an item that is not available yet, keeping its name', async () => {
    await renderWithProviders(
      <>
        <MenuItemLink item={item('Balance Sheet', { available: false })} />
        <MenuItemLink item={item('Total View')} />
      </>,
    );
    const soon = screen.getByRole('link', { name: 'Balance Sheet' });
    expect(soon).toHaveAttribute('data-unavailable');
    expect(soon).toHaveAttribute('aria-description', 'Not available yet');
    expect(soon).toHaveTextContent('Soon');
    const live = screen.getByRole('link', { name: 'Total View' });
    expect(live).not.toHaveAttribute('data-unavailable');
    expect(live).not.toHaveTextContent('Soon');
  });
});
