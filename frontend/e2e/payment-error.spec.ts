import { expect, test, type Page } from '@playwright/test';
import { trackErrors } from './support/stack';

/** SPEC §2: the class's title, the message, 4 suggestions, Try Again to the form (/#optimize) and the message in the support e-mail. */
async function expectErrorPage(page: Page, title: string, message: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('payment-error-message')).toHaveText(message);
  await expect(page.getByTestId('payment-error-suggestion')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/#optimize');
  expect((await supportMail(page)).subject).toContain(message);
}

/** The support e-mail link's subject and body, decoded. */
async function supportMail(page: Page): Promise<{ to: string; subject: string; body: string }> {
  const href = await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href');
  expect(href).toMatch(/^mailto:/);
  const url = new URL(href ?? '');
  return { to: url.pathname, subject: url.searchParams.get('subject') ?? '', body: url.searchParams.get('body') ?? '' };
}

test.describe('payment error page', () => {
  test('a card message (error_description) is a Card Payment Failed, with the error in the support e-mail', async ({ page }) => {
    const errors = trackErrors(page);
    const message = 'Your card was declined. (code: do_not_honor)';
    await page.goto(`/payment-error?error=card_declined&error_description=${encodeURIComponent(message)}`);
    await expectErrorPage(page, 'Card Payment Failed', message);

    const mail = await supportMail(page);
    expect(mail.to).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(mail.subject).toContain(message);
    expect(mail.body).toContain(message);
    const href = await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href');
    expect(href).toContain(encodeURIComponent(message));

    // The Go server's runtime configuration always has a support number and a help centre
    // (defaults in backend/config); `vite preview` serves an empty one, and the page then
    // leaves both links out.
    const configured = await page.evaluate(() => {
      const config = (window as { __LISTINGLIFT_CONFIG__?: { supportPhone?: string; helpCenterUrl?: string } }).__LISTINGLIFT_CONFIG__;
      return { phone: Boolean(config?.supportPhone), help: Boolean(config?.helpCenterUrl) };
    });
    const call = page.getByRole('link', { name: 'Call Support' });
    const help = page.getByRole('link', { name: /Help Center/ });
    if (configured.phone) await expect(call).toHaveAttribute('href', /^tel:\+?\d+$/);
    else await expect(call).toHaveCount(0);
    if (configured.help) {
      await expect(help).toHaveAttribute('href', /^https?:\/\//);
      await expect(help).toHaveAttribute('target', '_blank');
      await expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    } else {
      await expect(help).toHaveCount(0);
    }

    // The FAQ: declines, safety, and being charged without getting the report.
    const faqs = page.getByTestId('payment-error-faq');
    await expect(faqs).toHaveCount(3);
    await expect(faqs.locator('summary')).toHaveText([/declined/i, /safe/i, /charged/i]);
    await faqs.nth(1).locator('summary').click();
    await expect(faqs.nth(1)).toContainText('never sees or stores them');

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('a network message (error) is a Connection Error', async ({ page }) => {
    await page.goto('/payment-error?error=Network%20request%20failed');
    await expectErrorPage(page, 'Connection Error', 'Network request failed');
  });

  test('a connection message is a Connection Error, case-insensitively', async ({ page }) => {
    await page.goto('/payment-error?error_description=Lost%20CONNECTION%20to%20the%20payment%20provider');
    await expectErrorPage(page, 'Connection Error', 'Lost CONNECTION to the payment provider');
  });

  test('any other message is a Payment Processing Error, shown as text', async ({ page }) => {
    const message = '<b>Checkout session expired</b>';
    await page.goto(`/payment-error?error=${encodeURIComponent(message)}`);
    await expectErrorPage(page, 'Payment Processing Error', message);
    await expect(page.getByTestId('payment-error-message').locator('b')).toHaveCount(0);
  });

  test('each class has its own four suggestions', async ({ page }) => {
    const suggestionsOf = async (query: string) => {
      await page.goto(`/payment-error?${query}`);
      await expect(page.getByTestId('payment-error-suggestion')).toHaveCount(4);
      return page.getByTestId('payment-error-suggestion').allInnerTexts();
    };
    const card = await suggestionsOf('error=card_declined');
    const connection = await suggestionsOf('error=network_error');
    const processing = await suggestionsOf('error=processing_error');
    for (const list of [card, connection, processing]) {
      expect(new Set(list).size, 'four different suggestions').toBe(4);
    }
    expect(card).not.toEqual(connection);
    expect(card).not.toEqual(processing);
    expect(connection).not.toEqual(processing);
  });

  test('without a message it is a Payment Processing Error; Try Again goes to the form', async ({ page }) => {
    await page.goto('/payment-error');
    await expectErrorPage(page, 'Payment Processing Error', 'Your payment could not be completed.');
    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/#optimize$/);
    await expect(page.locator('#optimize form')).toBeInViewport();
  });
});
