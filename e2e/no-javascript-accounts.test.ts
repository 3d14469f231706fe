import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenshot } from './browser.ts';
import { browserForThisFile } from './file-setup.ts';
import { waitForMail } from './mail.ts';

/**
 * A buyer whose browser runs no JavaScript (javaScriptEnabled: false): signs up, signs in, asks for
 * a password reset and reads their plant list, through the server-rendered pages and their plain
 * form posts, on a 390 px phone and a 1366 px laptop.
 */
const screens = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1366, height: 900 },
} as const;

const browser = browserForThisFile();

/** Fills fields by their label's start ("Password" must not match "Confirm password"). */
async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(new RegExp(`^${label}`)).fill(value);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const [screenName, viewport] of Object.entries(screens)) {
  describe(`without JavaScript, on a ${viewport.width} px screen`, () => {
    it('signs up, signs in, asks for a password reset and reads the plant list', async () => {
      const context = await browser().newContext({ baseURL: inject('baseUrl'), viewport, javaScriptEnabled: false });
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const email = `no-js.${screenName}.${Date.now()}@example.com`;
      const password = 'box hedge in winter 7';

      // The guest's plant list says what it needs.
      await page.goto('/plant-list');
      await expect(heading(page).innerText()).resolves.toBe('Plant list');
      await expect(page.locator('main').innerText()).resolves.toMatch(/log in or create an account/i);
      await expect(page.getByRole('status').filter({ hasText: 'Loading your plant list' }).isVisible()).resolves.toBe(false);
      await screenshot(page, `no-js-plant-list-guest-${screenName}`);

      // The catalogue's Add to list says why it is not there.
      await page.goto('/catalogue?q=acer');
      // (Playwright's text locators skip <noscript>, which is where the note is: read the page's text.)
      await expect(page.locator('main').innerText()).resolves.toContain('Adding to a plant list needs JavaScript.');
      await expect(
        page
          .getByRole('button', { name: /^Add to list/ })
          .filter({ visible: true })
          .count(),
      ).resolves.toBe(0);
      await screenshot(page, `no-js-catalogue-${screenName}`);

      // Sign up: a mistake comes back beside its field with the typing kept, then the account is made.
      await page.goto('/register');
      await expect(page.getByRole('banner').getByRole('link').first().isVisible()).resolves.toBe(true);
      await screenshot(page, `no-js-register-${screenName}`);
      await fill(page, {
        'First name': 'Nell',
        'Last name': 'Noscript',
        Email: email,
        Password: password,
        'Confirm password': 'not the same',
      });
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForLoadState();
      await expect(page.locator('main').innerText()).resolves.toContain('The password field confirmation does not match.');
      await expect(page.getByLabel(/^First name/).inputValue()).resolves.toBe('Nell');
      await expect(page.getByLabel(/^Email/).inputValue()).resolves.toBe(email);
      await expect(page.getByLabel(/^Password/).inputValue()).resolves.toBe('');
      await screenshot(page, `no-js-register-error-${screenName}`);
      await fill(page, { Password: password, 'Confirm password': password });
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/verify-email');
      await expect(heading(page).innerText()).resolves.toBe('Verify Your Email Address');
      await page.getByRole('button', { name: 'Resend Verification Email' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('status').filter({ hasText: 'A new verification link has been sent' }).count()).resolves.toBe(1);
      await screenshot(page, `no-js-verify-email-${screenName}`);
      const verification = await waitForMail((mail) => mail.to.includes(email) && mail.subject.includes('Verify'));
      const link = new URL(/Verify Email Address: (\S+)/.exec(verification.text)![1]!);
      await page.goto(link.pathname + link.search);
      // Out, and back in through the login form.
      await page.goto('/verify-email');
      await page.getByRole('button', { name: 'Log Out' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      await page.goto('/login');
      await fill(page, { Email: email, Password: 'a wrong password' });
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }).count()).resolves.toBe(1);
      await expect(page.getByLabel(/^Email/).inputValue()).resolves.toBe(email);
      await expect(page.getByLabel(/^Password/).inputValue()).resolves.toBe('');
      await screenshot(page, `no-js-login-error-${screenName}`);

      // A line on the list (added elsewhere, with the app) for this buyer to read.
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/plant-list');
      const token = decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value);
      const catalogue = (await (await page.request.get('/api/catalogue?q=acer&limit=1')).json()) as {
        results: { id: number; genus: string; species: string }[];
      };
      const row = catalogue.results[0]!;
      const added = await page.request.post('/api/plant-list/lines', {
        data: { catalogue_item_id: row.id, quantity: 340 },
        headers: { 'X-XSRF-TOKEN': token, Accept: 'application/json' },
      });
      expect(added.status()).toBe(201);
      await page.reload();
      const main = await page.locator('main').innerText();
      expect(main).toContain(`${row.genus} ${row.species}`);
      expect(main).toContain('340');
      expect(main).toMatch(/1 line\. Your list is kept with your account/);
      await screenshot(page, `no-js-plant-list-${screenName}`);

      // Forgotten password: the page answers with its message and the link is mailed.
      await page.goto('/forgot-password');
      await fill(page, { Email: email });
      await page.getByRole('button', { name: 'Send Password-Reset E-Mail' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('status').filter({ hasText: 'we have emailed a password reset link' }).count()).resolves.toBe(1);
      await screenshot(page, `no-js-forgot-password-${screenName}`);
      await waitForMail((mail) => mail.to.includes(email) && mail.subject.includes('Reset'));
      await context.close();
    });
  });
}
