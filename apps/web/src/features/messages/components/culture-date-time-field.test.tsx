import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientAccountSettings, setClientAccountSettings } from '../../../lib/client-params';
import { renderWithProviders } from '../../../testing/test-utils';
import { CultureDateTimeField } from './culture-date-time-field';

// Decision 030: a banner's start and end are written in the user's culture, not the browser's.
describe('a date and time field in the culture', () => {
  it('writes the date the way the culture does and clears to empty', async () => {
    setClientAccountSettings({ uiCulture: 'de-DE', currencySymbol: '€' });
    const onChange = vi.fn();
    try {
      await renderWithProviders(
        <CultureDateTimeField label="Start (optional)" value="2030-05-02T10:00" onChange={onChange} />,
      );
      const field = screen.getByRole('button', { name: 'Start (optional)' });
      expect(field).toHaveTextContent('02.05.2030, 10:00');
      expect(field).not.toHaveTextContent('05/02/2030');
      await userEvent.click(screen.getByRole('button', { name: 'Clear the date' }));
      expect(onChange).toHaveBeenCalledWith('');
    } finally {
      resetClientAccountSettings();
    }
  });

  it('writes British English dates for an English culture', async () => {
    setClientAccountSettings({ uiCulture: 'en-GB', currencySymbol: '€' });
    try {
      await renderWithProviders(
        <CultureDateTimeField label="End (optional)" value="2030-05-02T10:00" onChange={() => undefined} />,
      );
      expect(screen.getByRole('button', { name: 'End (optional)' })).toHaveTextContent('2 May 2030, 10:00');
    } finally {
      resetClientAccountSettings();
    }
  });
});
