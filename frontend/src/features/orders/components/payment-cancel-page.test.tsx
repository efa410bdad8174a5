import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRICING_PLANS } from '@/lib/product';
import { renderWithRouter } from '@/testing/render';
import { PaymentCancelPage } from './payment-cancel-page';

function renderCancel() {
  return renderWithRouter(<PaymentCancelPage config={{ supportEmail: 'help@listinglift.test' }} />, { route: '/payment-cancel' });
}

describe('PaymentCancelPage', () => {
  it('says no charge was made', () => {
    renderCancel();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByTestId('no-charge')).toHaveTextContent('No charge was made.');
  });

  it('lists Basic $4.99 and Premium $19.99 with the landing page’s feature lists', () => {
    renderCancel();
    const basic = screen.getByTestId('cancel-plan-basic');
    const premium = screen.getByTestId('cancel-plan-premium');
    expect(within(basic).getByRole('heading', { name: 'Basic' })).toBeInTheDocument();
    expect(within(basic).getByText('$4.99')).toBeInTheDocument();
    expect(within(premium).getByRole('heading', { name: 'Premium' })).toBeInTheDocument();
    expect(within(premium).getByText('$19.99')).toBeInTheDocument();
    for (const plan of PRICING_PLANS) {
      const card = screen.getByTestId(`cancel-plan-${plan.id}`);
      expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual([...plan.features]);
    }
  });

  it('links Choose Basic and Choose Premium to the landing page with the plan preselected', () => {
    renderCancel();
    expect(screen.getByRole('link', { name: 'Choose Basic' })).toHaveAttribute('href', '/?package=basic#optimize');
    expect(screen.getByRole('link', { name: 'Choose Premium' })).toHaveAttribute('href', '/?package=premium#optimize');
  });

  it('has Back to Home, Contact Support (mail) and View Dashboard', () => {
    renderCancel();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
    const support = screen.getByRole('link', { name: 'Contact Support' });
    expect(support.getAttribute('href')).toMatch(/^mailto:help@listinglift\.test\?subject=/);
  });

  it('has a data-security note', () => {
    renderCancel();
    expect(screen.getByTestId('security-note')).toHaveTextContent(/secure/i);
    expect(screen.getByTestId('security-note')).toHaveTextContent(/never sees or stores your card details/);
  });
});
