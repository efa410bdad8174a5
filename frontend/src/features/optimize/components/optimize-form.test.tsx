import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render';
import { OptimizeForm } from './optimize-form';

function fill(user: ReturnType<typeof userEvent.setup>, values: { url?: string; email?: string }) {
  return (async () => {
    if (values.url) await user.type(screen.getByLabelText('Listing URL'), values.url);
    if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  })();
}

describe('OptimizeForm', () => {
  it('labels every field and offers the plans as a radio group', () => {
    renderWithRouter(<OptimizeForm />);
    expect(screen.getByLabelText('Listing URL')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Listing URL')).toHaveAttribute('placeholder', 'https://www.airbnb.com/rooms/12345');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Listing title')).toBeInTheDocument();
    expect(screen.getByLabelText('Listing description')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Choose your plan' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Basic $4.99' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Premium $19.99' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Optimize My Listing' })).toHaveAttribute('type', 'submit');
  });

  it.each([
    ['both empty', {}],
    ['e-mail empty', { url: 'https://www.airbnb.com/rooms/12345' }],
    ['URL empty', { email: 'host@example.com' }],
  ])('shows "Please fill in all required fields" when %s', async (_case, values) => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithRouter(<OptimizeForm onSubmit={onSubmit} />);
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats whitespace as empty and focuses the first missing field', async () => {
    const user = userEvent.setup();
    renderWithRouter(<OptimizeForm />);
    await fill(user, { url: '   ', email: 'host@example.com' });
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByLabelText('Listing URL')).toHaveFocus();
    expect(screen.getByLabelText('Listing URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('passes trimmed values and the chosen plan to the submit handler', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithRouter(<OptimizeForm onSubmit={onSubmit} />);
    await fill(user, { url: ' https://www.airbnb.com/rooms/12345 ', email: 'host@example.com' });
    await user.type(screen.getByLabelText('Listing title'), 'Cozy cabin');
    await user.click(screen.getByRole('radio', { name: 'Premium $19.99' }));
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({
      listingUrl: 'https://www.airbnb.com/rooms/12345',
      email: 'host@example.com',
      title: 'Cozy cabin',
      description: '',
      plan: 'premium',
    });
  });

  it('clears the message on a valid submit without a handler (nothing else happens yet)', async () => {
    const user = userEvent.setup();
    renderWithRouter(<OptimizeForm />);
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await fill(user, { url: 'https://www.vrbo.com/123456', email: 'host@example.com' });
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the message of a failing submit handler', async () => {
    const user = userEvent.setup();
    renderWithRouter(<OptimizeForm onSubmit={() => Promise.reject(new Error('Payment error: 500'))} />);
    await fill(user, { url: 'https://www.airbnb.com/rooms/1', email: 'host@example.com' });
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment error: 500');
  });

  it('preselects the requested plan', () => {
    renderWithRouter(<OptimizeForm requestedPlan="premium" />);
    expect(screen.getByRole('radio', { name: 'Premium $19.99' })).toBeChecked();
  });
});
