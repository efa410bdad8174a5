import { expect, test } from '@playwright/test';
import { trackErrors } from './support/stack';

test.describe('payment cancel page', () => {
  test('says no charge was made and offers both plans, support and the dashboard', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto('/payment-cancel');

    await expect(page.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeVisible();
    await expect(page.getByText('No charge was made.')).toBeVisible();

    const basic = page.getByTestId('cancel-plan-basic');
    const premium = page.getByTestId('cancel-plan-premium');
    await expect(basic.getByText('$4.99', { exact: true })).toBeVisible();
    await expect(premium.getByText('$19.99', { exact: true })).toBeVisible();
    await expect(basic.getByRole('listitem')).not.toHaveCount(0);
    await expect(premium.getByRole('listitem')).not.toHaveCount(0);
    await expect(premium).toContainText('Downloadable PDF report');

    await expect(page.getByRole('link', { name: 'Choose Basic' })).toHaveAttribute('href', '/?package=basic#optimize');
    await expect(page.getByRole('link', { name: 'Choose Premium' })).toHaveAttribute('href', '/?package=premium#optimize');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
    // The address comes from the server's runtime configuration.
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:[^@?\s]+@[^?\s]+\?subject=/);
    await expect(page.getByTestId('security-note')).toContainText('never sees or stores your card details');

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('Choose Premium goes to the landing page with the plan in the query', async ({ page }) => {
    await page.goto('/payment-cancel');
    await page.getByRole('link', { name: 'Choose Premium' }).click();
    await expect(page).toHaveURL(/\/\?package=premium#optimize$/);
    await expect(page.locator('#optimize form')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Premium/ })).toBeChecked();
  });

  test('Back to Home and View Dashboard navigate', async ({ page }) => {
    await page.goto('/payment-cancel');
    await page.getByRole('link', { name: 'View Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
