import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/test-utils';
import { SupportPanel } from './support-panel';

// docs/product.md §1 support panel: every value from the server configuration; language rules per locale.
const support = {
  postalAddress: 'Cockpit Support, Main Street 1, 12345 Town',
  phone: '+49 30 1234567',
  email: 'help@example.com',
  knowledgeBaseUrl: { en: 'https://kb.example/en', de: 'https://kb.example/de' },
  tutorialUrl: { en: 'https://tour.example/en', de: 'https://tour.example/de' },
};

describe('SupportPanel', () => {
  it('shows address, phone, mail and the English links in English', async () => {
    await renderWithProviders(<SupportPanel support={support} />);
    expect(screen.getByTestId('support-address')).toHaveTextContent('Cockpit Support');
    expect(screen.getByRole('link', { name: /Phone: \+49 30 1234567/ })).toHaveAttribute(
      'href',
      'tel:+49301234567',
    );
    expect(screen.getByRole('link', { name: /E-mail: help@example.com/ })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    const knowledgeBase = screen.getByRole('link', { name: /Knowledge base/ });
    expect(knowledgeBase).toHaveAttribute('href', 'https://kb.example/en');
    expect(knowledgeBase).toHaveAttribute('target', '_blank');
    expect(knowledgeBase).toHaveAttribute('rel', 'noopener noreferrer');
    const tutorial = screen.getByRole('link', { name: /Start the interactive tutorial/ });
    expect(tutorial).toHaveAttribute('href', 'https://tour.example/en');
    expect(tutorial).toHaveAttribute('target', '_blank');
  });

  it('uses the other variants in German (Austria)', async () => {
    await renderWithProviders(<SupportPanel support={support} />, { language: 'de-AT' });
    expect(screen.getByRole('link', { name: /Wissensdatenbank/ })).toHaveAttribute(
      'href',
      'https://kb.example/de',
    );
    expect(screen.getByRole('link', { name: /Interaktive Einführung starten/ })).toHaveAttribute(
      'href',
      'https://tour.example/de',
    );
  });

  it('shows the error tile when the configuration cannot be loaded', async () => {
    await renderWithProviders(<SupportPanel support={undefined} isError onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Error has occured' })).toBeInTheDocument();
  });
});
