import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/test-utils';
import { PlaceholderTile } from './placeholder-tile';

describe('PlaceholderTile (docs/product.md §2)', () => {
  it('defaults to the error icon and the exact texts of docs/product.md §2', async () => {
    await renderWithProviders(<PlaceholderTile />);
    expect(screen.getByTestId('placeholder-tile')).toHaveAttribute('data-icon', 'error');
    expect(screen.getByRole('heading', { name: 'Error has occured' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Please check your internet connection and refresh the page. If you still see this error, please contact support.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the chosen icon, headline and text', async () => {
    await renderWithProviders(
      <PlaceholderTile icon="favorites" headline="Nothing pinned" text="Pin a report." />,
    );
    expect(screen.getByTestId('placeholder-tile')).toHaveAttribute('data-icon', 'favorites');
    expect(screen.getByRole('heading', { name: 'Nothing pinned' })).toBeInTheDocument();
    expect(screen.getByText('Pin a report.')).toBeInTheDocument();
  });

  it('offers Retry only when told what retrying does', async () => {
    const onRetry = vi.fn();
    const { unmount } = await renderWithProviders(<PlaceholderTile onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    unmount();
    await renderWithProviders(<PlaceholderTile />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('has the default texts in German too', async () => {
    await renderWithProviders(<PlaceholderTile />, { language: 'de-DE' });
    expect(screen.getByRole('heading', { level: 2 })).not.toHaveTextContent('Error has occured');
  });
});
