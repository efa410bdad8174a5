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

  it('names the operator without an address, and no postal line, when no address is configured', () => {
    renderWithRouter(<LegalPage path="/terms" config={{ ...operator, companyAddress: '' }} />, { route: '/terms' });
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('ListingLift is operated by Harbor Stays Ltd. By creating');
    expect(article).toHaveTextContent('Questions about these terms: help@harbor.test.');
    expect(article).not.toHaveTextContent('Post:');
  });

  it.each(LEGAL_PAGES.map((p) => p.path))('%s shows the postal line when an address is configured', (path) => {
    renderWithRouter(<LegalPage path={path} config={operator} />, { route: path });
    expect(screen.getByRole('article')).toHaveTextContent('Post: Harbor Stays Ltd, 12 Quay Street, Galway, Ireland.');
  });

  it.each(LEGAL_PAGES.map((p) => p.path))('%s shows no development placeholder when no operator is configured', (path) => {
    // What the development server serves without COMPANY_NAME (backend/config).
    renderWithRouter(<LegalPage path={path} config={{ companyName: 'ListingLift (development)', companyAddress: '', supportEmail: 'help@harbor.test' }} />, {
      route: path,
    });
    const article = screen.getByRole('article');
    expect(article).not.toHaveTextContent('(development)');
    expect(article).not.toHaveTextContent('Post:');
    expect(article).not.toHaveTextContent('operated by ListingLift');
  });

  it('says what a share link shows, to whom, for how long, and how it is stopped', () => {
    renderWithRouter(<LegalPage path="/privacy" config={operator} />, { route: '/privacy' });
    const section = screen.getByRole('heading', { name: 'Share links' }).parentElement;
    expect(section).not.toBeNull();
    for (const text of ['made only when you ask for one', 'without an account', 'never shows your e-mail address', 'works for 30 days', 'Stop sharing']) {
      expect(section).toHaveTextContent(text);
    }
  });
});
