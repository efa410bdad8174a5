import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAuth, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { type Customer } from '@/types/api';
import { sampleCustomer } from '../testing/customer';
import { DashboardPage } from './dashboard-page';
import { ACCOUNT_CLOSED_FINISHING_MESSAGE, ACCOUNT_DELETED_MESSAGE } from './delete-account';

const customer: Customer = sampleCustomer({ totalOptimizations: 0 });

/** The API: the profile, an empty list, and DELETE /api/me answering `onDelete`. */
function mockApi(onDelete: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('/api/me') && init?.method === 'DELETE') return Promise.resolve(onDelete());
    if (url.startsWith('/api/me')) return Promise.resolve(Response.json({ success: true, customer }));
    return Promise.resolve(Response.json({ success: true, items: [], page: 1, pageSize: 5, total: 0 }));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function confirmDeletion(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
  const submit = screen.getByRole('button', { name: 'Delete everything' });
  expect(submit).toBeDisabled(); // nothing goes until the word is typed
  await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
  await user.click(submit);
}

describe('Delete my account', () => {
  it('deletes after the typed confirmation, signs out and says what was deleted', async () => {
    const user = userEvent.setup();
    const fetch = mockApi(() => Response.json({ success: true, deleted: { orders: 3, pdfs: 1 } }));
    const auth = createTestAuth(signedIn());
    renderWithRouter(<DashboardPage />, { route: '/dashboard', auth });
    await confirmDeletion(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account was deleted' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument();
    expect(auth.signOut).toHaveBeenCalledOnce();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('says the account is closed and the rest is being deleted when the server is still finishing a large account', async () => {
    const user = userEvent.setup();
    mockApi(() => Response.json({ success: true, finishing: true, deleted: { orders: 100, pdfs: 4 } }));
    const auth = createTestAuth(signedIn());
    renderWithRouter(<DashboardPage />, { route: '/dashboard', auth });
    await confirmDeletion(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is being deleted' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_CLOSED_FINISHING_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_DELETED_MESSAGE)).not.toBeInTheDocument();
    expect(auth.signOut).toHaveBeenCalledOnce();
  });

  it('shows the server’s refusal while a paid report is being made, and keeps the account', async () => {
    const user = userEvent.setup();
    const message = 'A report you paid for is still being made. Try again in a few minutes, once it is done or refunded.';
    mockApi(() => Response.json({ success: false, error: message }, { status: 409 }));
    const auth = createTestAuth(signedIn());
    renderWithRouter(<DashboardPage />, { route: '/dashboard', auth });
    await confirmDeletion(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('can be called off', async () => {
    const user = userEvent.setup();
    const fetch = mockApi(() => Response.json({ success: true }));
    renderWithRouter(<DashboardPage />, { route: '/dashboard', auth: createTestAuth(signedIn()) });
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByLabelText('Type DELETE to confirm')).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
  });
});
