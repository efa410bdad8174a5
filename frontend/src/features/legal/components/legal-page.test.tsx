import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { LEGAL_PAGES } from '@/lib/legal-pages';
import { LegalPage } from './legal-page';

const operator = { companyName: 'Harbor Stays Ltd', companyAddress: '12 Quay Street, Galway, Ireland', supportEmail: 'help@harbor.test' };

describe('LegalPage', () => {
  it.each([
    ['/terms', 'Terms of service', 'ListingLift is operated by Harbor Stays Ltd, 12 Quay Street, Galway, Ireland.'],
    ['/privacy', 'Privacy policy', 'Harbor Stays Ltd, 12 Quay Street, Galway, Ireland runs ListingLift'],
    ['/refunds', 'Refund policy', 'You pay for a report, so you get a report or your money back.'],
  ] as const)('%s names the operator and says when it changed', (path, title, intro) => {
    renderWithRouter(<LegalPage path={path} config={operator} />, { route: path });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated /)).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent(intro);
    // Every page links to the others from its footer.
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(LEGAL_PAGES.map((p) => p.path));
  });

  it('says what is kept, that reviewer names are not, how long, and how to delete the account', () => {
    renderWithRouter(<LegalPage path="/privacy" config={operator} />, { route: '/privacy' });
    const article = screen.getByRole('article');
    for (const text of [
      'Reviewers’ names or profiles',
      'Orders and reports stay while your account exists',
      'Choose “Delete my account” on your dashboard',
      'Questions or requests about your data: help@harbor.test.',
    ]) {
      expect(article).toHaveTextContent(text);
    }
  });

  it('promises the automatic refund for a report that cannot be made', () => {
    renderWithRouter(<LegalPage path="/refunds" config={operator} />, { route: '/refunds' });
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('we refund the full amount automatically and tell you on the report page and by e-mail');
    expect(article).toHaveTextContent('write to help@harbor.test within 14 days');
  });

  it('names the operator without an address when none is configured (development)', () => {
    renderWithRouter(<LegalPage path="/terms" config={{ ...operator, companyAddress: '' }} />, { route: '/terms' });
    expect(screen.getByRole('article')).toHaveTextContent('ListingLift is operated by Harbor Stays Ltd. By creating');
  });
});
