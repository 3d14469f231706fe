import type { Page } from 'playwright-core';

/** A buyer's sign-in details. */
export interface BuyerLogin {
  email: string;
  password: string;
}

/**
 * Logs in through the real Login page: `path` is a signed-in page, so the guard sends the guest to
 * /login and a successful login comes back to `path`.
 */
export async function logInAsBuyer(page: Page, path: string, buyer: BuyerLogin): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.waitForURL('**/login');
  await page.getByLabel(/^Email/).fill(buyer.email);
  await page.getByLabel(/^Password/).fill(buyer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** Adds the n-th visible catalogue line with a quantity, waits for the confirmation and returns the line's name. */
export async function addLine(page: Page, index: number, quantity: number): Promise<string> {
  const form = page.getByRole('form', { name: /^Add .* to the plant list$/ }).nth(index);
  const name = (await form.getAttribute('aria-label'))!.replace(/^Add | to the plant list$/g, '');
  await form.getByRole('spinbutton').fill(String(quantity));
  await form.getByRole('button', { name: /^Add to list/ }).click();
  await form
    .getByRole('status')
    .filter({ hasText: `Added ${quantity.toLocaleString('en-GB')} to your plant list.` })
    .waitFor();
  return name;
}

/** The quantities on the list page, by line name. */
export async function listed(page: Page): Promise<Record<string, string>> {
  const lines = page.getByRole('list', { name: 'Lines on your plant list' }).getByRole('listitem');
  const result: Record<string, string> = {};
  for (const line of await lines.all()) {
    const label = (await line.getByRole('spinbutton').getAttribute('id'))!;
    const name = (await line.locator(`label[for="${label}"]`).innerText()).replace(/^Quantity\s*of\s*/, '');
    result[name] = await line.getByRole('spinbutton').inputValue();
  }
  return result;
}

/** A line's name as the web app writes it (lineName in web/src/features/plant-list/add-to-list.tsx). */
export const lineName = ({ genus, species, form, height }: { genus: string; species: string; form: string; height: string }): string =>
  `${genus} ${species}, ${form}, ${height === 'Rootstock' ? height : `${height} cm`}`;

/**
 * The guest's list as this browser stores it, as `{name: quantity}` (null when nothing is stored).
 * The key and line shape are web/src/features/plant-list/guest-list.ts's; a spec that reads this
 * before and after sign-in proves both that the copy existed and that it is gone.
 */
export async function storedGuestList(page: Page): Promise<Record<string, number> | null> {
  const raw = await page.evaluate(() => localStorage.getItem('hothfield.plant-list.v1'));
  if (raw === null) return null;
  const lines = JSON.parse(raw) as { quantity: number; snapshot: { genus: string; species: string; form: string; height: string } }[];
  return Object.fromEntries(lines.map((line) => [lineName(line.snapshot), line.quantity]));
}
