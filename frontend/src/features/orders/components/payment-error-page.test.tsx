import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { PAYMENT_ERROR_CLASSES } from '../payment-error';
import { PaymentErrorPage } from './payment-error-page';

const support = { supportEmail: 'help@listinglift.test', supportPhone: '+1-555-0100', helpCenterUrl: 'https://help.listinglift.test/' };

function renderError(query: string, config = support) {
  return renderWithRouter(<PaymentErrorPage config={config} />, { route: `/payment-error${query}` });
}

describe('PaymentErrorPage', () => {
  it.each([
    ['?error_description=Your%20card%20was%20declined.', 'Card Payment Failed', 'Your card was declined.'],
    ['?error=card_declined', 'Card Payment Failed', 'card_declined'],
    ['?error=NETWORK_ERROR', 'Connection Error', 'NETWORK_ERROR'],
    ['?error_description=Connection%20lost', 'Connection Error', 'Connection lost'],
    ['?error=processing_error', 'Payment Processing Error', 'processing_error'],
    ['', 'Payment Processing Error', 'Your payment could not be completed.'],
  ])('%s → %s', (query, title, message) => {
    renderError(query);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('payment-error-message')).toHaveTextContent(message);
  });

  it.each([
    ['card_declined', 'Card Payment Failed', 'Your bank declined the card. Nothing was charged.'],
    ['insufficient_funds', 'Card Payment Failed', 'The card does not have enough funds or credit for this payment. Nothing was charged.'],
    ['expired_card', 'Card Payment Failed', 'The card has expired. Nothing was charged: try again with a card that is still valid.'],
    ['processing_error', 'Payment Processing Error', 'The card could not be charged just now, because of a problem at the card network. Nothing was charged.'],
  ])('?error=%s is said in a plain sentence under %s, the code only as small print', (code, title, sentence) => {
    renderError(`?error=${code}`);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('payment-error-plain')).toHaveTextContent(sentence);
    expect(screen.getByTestId('payment-error-message').parentElement).toHaveTextContent(`Error code: ${code}`);
    expect(screen.queryByText('Error details')).toBeNull();
  });

  it('a message that is no code we know has no sentence of ours', () => {
    renderError('?error=weird_new_code');
    expect(screen.queryByTestId('payment-error-plain')).toBeNull();
    expect(screen.getByTestId('payment-error-message')).toHaveTextContent(/^weird_new_code$/);
  });

  it('classifies error_description, not error, when both are given', () => {
    renderError('?error=card_declined&error_description=The%20network%20failed');
    expect(screen.getByRole('heading', { level: 1, name: 'Connection Error' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-error-message')).toHaveTextContent(/^The network failed$/);
  });

  it.each(Object.values(PAYMENT_ERROR_CLASSES))('shows the 4 suggestions of $title', (errorClass) => {
    const query = { card: '?error=card', connection: '?error=connection', processing: '?error=oops' }[errorClass.kind];
    renderError(query);
    const items = screen.getAllByTestId('payment-error-suggestion');
    expect(items).toHaveLength(4);
    expect(items.map((li) => li.textContent)).toEqual(errorClass.suggestions.map((s, i) => `${i + 1}${s}`));
  });

  it('puts the URL-encoded error text in the support e-mail', () => {
    const message = 'Your card was declined & "do_not_honor" <b>';
    renderError(`?error_description=${encodeURIComponent(message)}`);
    const href = screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href') ?? '';
    expect(href.startsWith('mailto:help@listinglift.test?subject=')).toBe(true);
    expect(href).toContain(`subject=${encodeURIComponent(`Card Payment Failed: ${message}`)}`);
    expect(href).toContain(encodeURIComponent(`\n${message}\n`));
    expect(href).not.toContain(message);
  });

  it('renders the message as text, never as HTML', () => {
    const { container } = renderError(`?error_description=${encodeURIComponent('<img src=x onerror="alert(1)"><b>bold</b>')}`);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('payment-error-message')).toHaveTextContent('<img src=x onerror="alert(1)"><b>bold</b>');
  });

  it('has Try Again, Call Support and the Help Center', () => {
    renderError('?error=card');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/#optimize');
    expect(screen.getByRole('link', { name: 'Call Support' })).toHaveAttribute('href', 'tel:+15550100');
    const help = screen.getByRole('link', { name: /Help Center/ });
    expect(help).toHaveAttribute('href', 'https://help.listinglift.test/');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves out Call Support and the Help Center when they are not configured', () => {
    renderError('?error=card', { ...support, supportPhone: '', helpCenterUrl: '' });
    expect(screen.queryByRole('link', { name: 'Call Support' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Help Center/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeInTheDocument();
  });

  it('has a 3-item FAQ', () => {
    renderError('?error=card');
    const faqs = screen.getAllByTestId('payment-error-faq');
    expect(faqs).toHaveLength(3);
    expect(faqs.map((faq) => faq.querySelector('summary')?.textContent)).toEqual([
      expect.stringMatching(/declined/),
      expect.stringMatching(/safe/),
      expect.stringMatching(/charged/),
    ]);
  });
});
