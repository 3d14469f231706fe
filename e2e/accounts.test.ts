import { readFile } from 'node:fs/promises';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/auth.ts';
import { newContext, screenshot, seriousA11yViolations } from './browser.ts';
import { browserForThisFile, databaseForThisFile } from './file-setup.ts';
import { waitForMail } from './mail.ts';

/**
 * The account journeys in real Chromium against the real web and worker processes: sign-up with
 * the emailed verification link, login (remember me, two-factor with TOTP and recovery codes),
 * password confirmation on 423, the account forms' server errors, password reset by mail, and the
 * guards. One registered account walks through the steps in order, so the tests share it.
 */

const browser = browserForThisFile();
const db = databaseForThisFile();

const stamp = Date.now();
const account = { firstname: 'Rowan', lastname: 'Hedge', email: `rowan.${stamp}@example.com`, password: 'hawthorn hedge 2024' };
/** Set by the steps: the desktop session of the registered account, its 2FA key and codes. */
let context: BrowserContext;
let page: Page;
let setupKey = '';
let recoveryCodes: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  context = await newContext(browser(), 'desktop');
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await context?.close();
});

/** Fills fields by their label's start ("Password" must not match "Confirm password"). */
async function fill(target: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await target.getByLabel(new RegExp(`^${label}`)).fill(value);
}

/** The TOTP code for the setup key, `steps` 30-second steps from now. */
const totp = (steps = 0) => generate({ secret: setupKey, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const heading = (target: Page) => target.getByRole('heading', { level: 1 });

/** The header's account link: "Log in" for guests, "My account" once signed in. */
const headerLink = (target: Page, name: 'Log in' | 'My account') => target.getByRole('banner').getByRole('link', { name });

async function expectNoSeriousA11yViolations(target: Page) {
  expect(await seriousA11yViolations(target)).toEqual([]);
}

/** Logs in from /login (already open); stops at the challenge when two-factor is on. */
async function submitLogin(target: Page, password = account.password, email = account.email) {
  await fill(target, { Email: email, Password: password });
  await target.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Opens Login the way visitors do, from the header link (see the last test for why not by URL).
 * Signed-in visitors see "My account" there instead, so this is for guests.
 */
async function openLogin(target: Page) {
  if (new URL(target.url()).pathname === '/login') return;
  await target.goto('/', { waitUntil: 'domcontentloaded' });
  await headerLink(target, 'Log in').click();
  await target.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
}

async function openRegister(target: Page) {
  await openLogin(target);
  await target.getByRole('link', { name: 'Create an account' }).click();
  await target.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
}

async function logout(target: Page) {
  await target.getByRole('navigation', { name: 'My Account' }).getByRole('button', { name: 'Logout' }).click();
  await target.waitForURL((url) => url.pathname === '/');
  await headerLink(target, 'Log in').waitFor();
}

async function answerChallenge(target: Page, text: string) {
  await target.waitForURL('**/two-factor-challenge');
  await target.getByLabel(/^Code or recovery code/).fill(text);
  await target.getByRole('button', { name: 'Log in' }).click();
}

/** Confirms the password on the page a 423 led to, and waits to be back on /account/2fa. */
async function confirmPassword(target: Page) {
  await target.getByRole('heading', { level: 1, name: 'Confirm Password' }).waitFor();
  await fill(target, { Password: account.password });
  await target.getByRole('button', { name: 'Confirm' }).click();
  await target.waitForURL('**/account/2fa');
}

describe('accounts', () => {
  it('register: server errors as per-field lists, then the verification mail’s link lands on /account verified', async () => {
    await openRegister(page);
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Create Account \|/);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'register-desktop');

    await fill(page, {
      'First name': account.firstname,
      'Last name': account.lastname,
      Email: account.email,
      Password: 'short',
      'Confirm password': 'short',
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('The password field must be at least 8 characters.').waitFor();
    await expect(page.getByLabel(/^Password/).getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'register-errors-desktop');

    await fill(page, { Password: account.password, 'Confirm password': account.password });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify-email');
    await page.getByRole('button', { name: 'Resend Verification Email' }).waitFor();
    await screenshot(page, 'verify-email-desktop');

    const mail = await waitForMail((m) => m.to.includes(account.email) && m.subject === 'Verify your email address');
    const link = /Verify Email Address: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL('**/account?verified=1');
    await page.getByText('Thank you: your email address has been verified.').waitFor();
    await page.getByText(`Welcome, ${account.firstname}.`).waitFor();
    await expect(page.getByText('Verified', { exact: true }).isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'account-dashboard-desktop');
  });

  it('logout goes Home; login with remember me sets the remember cookie', async () => {
    await logout(page);
    await openLogin(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'login-desktop');

    await submitLogin(page, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }).waitFor();
    await screenshot(page, 'login-error-desktop');

    await page.getByLabel('Remember me').check();
    await submitLogin(page);
    await page.waitForURL((url) => url.pathname === '/');
    await headerLink(page, 'My account').waitFor();
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === 'nursery_remember')).toBe(true);
  });

  it('turns two-factor on through the 423 → confirm password → back, then logs in with a TOTP code', async () => {
    await headerLink(page, 'My account').click();
    await page.waitForURL('**/account');
    await page.getByRole('link', { name: 'Two Factor Auth' }).click();
    await page.waitForURL('**/account/2fa');
    await page.getByRole('button', { name: 'Activate' }).click();

    // The session has no recent password confirmation: 423 → ConfirmPassword → back here.
    await page.getByRole('heading', { level: 1, name: 'Confirm Password' }).waitFor();
    await screenshot(page, 'confirm-password-desktop');
    await confirmPassword(page);
    await page.getByRole('button', { name: 'Activate' }).click();

    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    await expect(qr.getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml;utf8,/);
    setupKey = (await page.locator('[data-setup-key]').getAttribute('data-setup-key')) ?? '';
    expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'two-factor-setup-desktop');

    await page.getByLabel(/^Code/).fill(await totp());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('You have enabled two factor authentication.').waitFor();
    const codes = page.locator('#recovery-codes-heading ~ ul li');
    await expect.poll(() => codes.count()).toBe(8);
    recoveryCodes = await codes.allTextContents();
    await screenshot(page, 'two-factor-enabled-desktop');

    // A guest opening the account area is sent to Login, then through the challenge and back.
    await logout(page);
    await page.goto('/account/profile');
    await page.waitForURL('**/login');
    await page.getByText('Please log in to continue.').waitFor();
    await submitLogin(page);
    await page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'two-factor-challenge-desktop');
    // The confirming code's time step is spent: use the next one (the server allows ±1 step).
    await answerChallenge(page, await totp(1));
    await page.waitForURL('**/account/profile');
    await page.getByRole('heading', { level: 1, name: 'Update Profile' }).waitFor();
  });

  it('a recovery code works once; the second use shows an error', async () => {
    const [first, second] = recoveryCodes;
    await logout(page);
    await openLogin(page);
    await submitLogin(page);
    await answerChallenge(page, first!);
    await page.waitForURL((url) => url.pathname === '/');
    await headerLink(page, 'My account').waitFor();

    await headerLink(page, 'My account').click();
    await page.waitForURL('**/account');
    await logout(page);
    await openLogin(page);
    await submitLogin(page);
    await answerChallenge(page, first!);
    await page.getByRole('alert').filter({ hasText: 'The provided two factor recovery code was invalid.' }).waitFor();
    await screenshot(page, 'two-factor-challenge-error-desktop');
    await answerChallenge(page, second!);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows, regenerates and hides recovery codes, then deactivates two-factor behind a confirmation', async () => {
    await page.goto('/account/2fa');
    await page.getByRole('button', { name: 'Show Recovery Codes' }).click();
    // A new session: the password must be confirmed again first.
    await confirmPassword(page);
    await page.getByRole('button', { name: 'Show Recovery Codes' }).click();
    const codes = page.locator('#recovery-codes-heading ~ ul li');
    await expect.poll(() => codes.count()).toBe(8);
    const before = await codes.allTextContents();
    // The two used codes were replaced by fresh ones; the other six are unchanged.
    expect(before.filter((code) => recoveryCodes.includes(code))).toHaveLength(6);

    await page.getByRole('button', { name: 'Regenerate Recovery Codes' }).click();
    await expect.poll(async () => (await codes.allTextContents()).some((code) => before.includes(code))).toBe(false);
    await expect(codes.count()).resolves.toBe(8);

    // The codes can be copied and downloaded as a .txt file, one a line.
    const shown = await codes.allTextContents();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy Codes' }).click();
    await page.getByText('Recovery codes copied.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim().split('\n').slice(-8)).toEqual(shown);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Codes (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hothfield-nurseries-recovery-codes.txt');
    const saved = await readFile((await download.path())!, 'utf8');
    expect(saved.trim().split('\n').slice(-8)).toEqual(shown);
    await screenshot(page, 'two-factor-recovery-codes-desktop');

    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate two-factor authentication on your account?' });
    await screenshot(page, 'two-factor-deactivate-desktop');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('You have not enabled two factor authentication.').waitFor();
    const row = await db('users').where({ email: account.email }).first('two_factor_secret', 'two_factor_confirmed_at');
    expect(row).toEqual({ two_factor_secret: null, two_factor_confirmed_at: null });
  });

  it('profile and password forms show the server’s errors and save good input', async () => {
    const other = await insertUser({ db }, { email: `taken.${stamp}@example.com` });
    await page.getByRole('link', { name: 'Update Profile' }).click();
    await page.waitForURL('**/account/profile');
    await fill(page, { Email: other.email });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'The email has already been taken.' }).waitFor();
    await expect(page.getByLabel(/^Email/).getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'profile-errors-desktop');
    await fill(page, { Email: account.email, 'First name': 'Rowena' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    await expect(page.getByRole('heading', { name: 'Update Profile' }).isVisible()).resolves.toBe(true);
    expect((await db('users').where({ email: account.email }).first('firstname')).firstname).toBe('Rowena');

    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL('**/account/password');
    await fill(page, {
      'Current password': 'wrong guess here',
      'New password': 'blackthorn 2025',
      'Confirm new password': 'blackthorn 2025',
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'The provided password does not match your current password.' }).waitFor();
    await screenshot(page, 'password-errors-desktop');
    await fill(page, { 'Current password': account.password });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password has been updated.').waitFor();
    await expect(page.getByLabel(/^Current password/).inputValue()).resolves.toBe('');
    account.password = 'blackthorn 2025';
  });

  it('a signed-in non-admin who opens /admin lands on Login', async () => {
    await page.goto('/admin/users');
    await page.waitForURL('**/login');
    await page.getByText('Your account cannot open that page.', { exact: false }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('forgot password → mail → reset link → new password → Return To Login → login', async () => {
    const user = await insertUser({ db }, { email: `forgetful.${stamp}@example.com` });
    const guest = await newContext(browser(), 'desktop');
    const tab = await guest.newPage();
    await openLogin(tab);
    await tab.getByRole('link', { name: 'Forgot your password?' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await fill(tab, { Email: user.email });
    await tab.getByRole('button', { name: 'Send Password-Reset E-Mail' }).click();
    // Either outcome, so that a failure (an error, a rate limit) names itself rather than timing out.
    const sent = tab.getByText('If an account exists for that address, we have emailed a password reset link.');
    const failed = tab.getByRole('alert').filter({ hasText: /\S/ });
    await sent.or(failed).first().waitFor();
    await expect(failed.allTextContents()).resolves.toEqual([]);
    await screenshot(tab, 'forgot-password-desktop');

    const mail = await waitForMail((m) => m.to.includes(user.email) && m.subject === 'Reset your password');
    const link = /Reset Password: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    await tab.goto(link!);
    await expect(tab.getByLabel(/^Email/).inputValue()).resolves.toBe(user.email);
    await fill(tab, { 'New password': 'elder flower 77', 'Confirm new password': 'elder flower 77' });
    await screenshot(tab, 'reset-password-desktop');
    await tab.getByRole('button', { name: 'Reset Password' }).click();
    await tab.getByText('Your password has been reset.').waitFor();
    await tab.getByRole('link', { name: 'Return To Login' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
    await submitLogin(tab, 'elder flower 77', user.email);
    await tab.waitForURL('**/account');
    await tab.getByText('Welcome, Alex.').waitFor();
    await guest.close();
  });

  it('phone: login, register and the account area with its compact menu', async () => {
    const user = await insertUser({ db }, { email: `phone.${stamp}@example.com` });
    const phone = await newContext(browser(), 'phone');
    const tab = await phone.newPage();
    await openRegister(tab);
    await screenshot(tab, 'register-phone');
    await tab.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
    await screenshot(tab, 'login-phone');
    await submitLogin(tab, user.password, user.email);
    await tab.waitForURL((url) => url.pathname === '/');
    await tab.goto('/account', { waitUntil: 'networkidle' });
    await tab.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    const menu = tab.getByRole('navigation', { name: 'My Account' });
    await expect(menu.getByRole('link', { name: 'Two Factor Auth' }).isVisible()).resolves.toBe(true);
    // Compact: the menu sits above the page, not beside it.
    const menuBox = await menu.boundingBox();
    const headingBox = await heading(tab).boundingBox();
    expect(menuBox!.y + menuBox!.height).toBeLessThanOrEqual(headingBox!.y);
    await expectNoSeriousA11yViolations(tab);
    await screenshot(tab, 'account-dashboard-phone');
    await menu.getByRole('link', { name: 'Two Factor Auth' }).click();
    await tab.waitForURL('**/account/2fa');
    await screenshot(tab, 'two-factor-phone');
    await phone.close();
  });

  // These paths are also POST routes; the server must still answer a browser's GET with the app.
  it('typing or reloading an auth URL serves the app', async () => {
    const tab = await context.newPage();
    for (const path of ['/login', '/register', '/forgot-password', '/two-factor-challenge']) {
      const response = await tab.goto(path);
      expect(response?.status(), path).toBe(200);
      await heading(tab).waitFor({ timeout: 5_000 });
    }
    await tab.close();
  });
});
