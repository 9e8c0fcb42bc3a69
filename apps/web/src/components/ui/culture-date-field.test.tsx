import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/test-utils';
import { CultureDateField } from './culture-date-field';

// A date field in the UI's language and culture (decision 030), not the browser's "mm/dd/yyyy".

describe('CultureDateField', () => {
  it('writes the date as German does and picks a day from a German calendar', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<CultureDateField label="Stichtag" value="2026-01-05" onChange={onChange} />, {
      language: 'de-DE',
    });
    const field = screen.getByLabelText('Stichtag');
    expect(field).toHaveTextContent('05.01.2026');
    await userEvent.click(field);
    expect(await screen.findByRole('button', { name: 'Januar 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '20.01.2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-01-20');
  });

  it('writes the date as British English does', async () => {
    await renderWithProviders(<CultureDateField label="Since" value="2026-01-05" onChange={() => {}} />);
    expect(screen.getByLabelText('Since')).toHaveTextContent('05/01/2026');
  });
});
