import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../seeds/factories.ts';
import { insertUser } from '../../test/auth.ts';
import { startMailingApp, type MailingApp } from '../../test/harness.ts';
import type { TestClient } from '../../test/http-client.ts';

/**
 * The sign-up and sign-in pages' forms posted without JavaScript (url-encoded, the CSRF token in
 * `_token`), answered as pages by src/http/page-form.ts around the same routes the app posts JSON to;
 * and the plant list, rendered for the visitor who asks. Needs the web build (the server render).
 */
let app: MailingApp;
let ip = 0;

beforeAll(async () => {
  app = await startMailingApp();
  await insertCatalogueItems(app.context.deps.db, [{ genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam' }]);
});
afterAll(async () => {
  await app?.close();
});

const tokenOf = (html: string) => html.match(/name="_token" value="([^"]*)"/)?.[1];

/** A browser without JavaScript: a client from its own IP that has opened `page` (cookie and form token). */
async function browserOn(page: string, client: TestClient = app.visitor()) {
  client.ip = `10.77.0.${++ip}`;
  const opened = await client.get(page, { accept: 'text/html' });
  expect(opened.status, page).toBe(200);
  const token = tokenOf(opened.body as string);
  expect(token, `${page} has a form token`).toBeTruthy();
  const submit = (action: string, fields: Record<string, string>, withToken = true) =>
    client.request('POST', action, {
      body: new URLSearchParams(withToken ? { _token: token!, ...fields } : fields).toString(),
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
  return { client, opened, submit };
}

describe('the sign-up and sign-in pages without JavaScript', () => {
  it('render on the server with the site layout and a form that posts to the route', async () => {
    for (const [path, action, heading] of [
      ['/register', '/register', 'Create Account'],
      ['/login', '/login', 'Log In'],
      ['/forgot-password', '/forgot-password', 'Forgot Password'],
      ['/verify-email', '/email/verification-notification', 'Verify Your Email Address'],
    ] as const) {
      const { opened } = await browserOn(path);
      const html = opened.body as string;
      expect(html, path).toContain(`<h1 id="auth-title">${heading}</h1>`);
      expect(html, path).toMatch(new RegExp(`<form (?=[^>]*method="post")[^>]*action="${action}"`));
      // The site's header and footer, with the way home and the telephone.
      expect(html, path).toMatch(/<header[\s\S]*href="\/"[\s\S]*<footer[\s\S]*href="tel:/);
    }
  });

  it('register: a mistake comes back 422 beside its field with the names kept and never the password; then 303 to verify', async () => {
    const { submit } = await browserOn('/register');
    const email = `no-js-${Date.now()}@example.com`;
    const fields = { firstname: 'Nora', lastname: 'Script', email, password: 'hedge laying 2026', password_confirmation: 'other words' };
    const refused = await submit('/register', fields);
    expect(refused.status).toBe(422);
    const html = refused.body as string;
    expect(html).toContain('value="Nora"');
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain('The password field confirmation does not match.');
    expect(html).not.toContain('hedge laying 2026');
    expect(await app.context.deps.db('users').where({ email }).first()).toBeUndefined();

    const created = await submit('/register', { ...fields, password_confirmation: fields.password });
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/verify-email');
    expect(await app.context.deps.db('users').where({ email }).first()).toBeDefined();
  });

  it('refuses a form post without its token (419) and creates nothing', async () => {
    const { submit } = await browserOn('/register');
    const email = `no-token-${Date.now()}@example.com`;
    const response = await submit(
      '/register',
      { firstname: 'A', lastname: 'B', email, password: 'x'.repeat(10), password_confirmation: 'x'.repeat(10) },
      false,
    );
    expect(response.status).toBe(419);
    expect(await app.context.deps.db('users').where({ email }).first()).toBeUndefined();
  });

  it('login: wrong password → the page again with the message and the email only; right one → 303 to the plant list', async () => {
    const { email, password } = await insertUser(app.context.deps);
    const { submit, client } = await browserOn('/login');
    const wrong = await submit('/login', { email, password: 'not the password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toContain('These credentials do not match our records.');
    expect(wrong.body).toContain(`value="${email}"`);
    expect(wrong.body).not.toContain('not the password');

    const right = await submit('/login', { email, password });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/plant-list');
    expect((await client.get('/api/session')).body.user.email).toBe(email);
  });

  it('forgot password: answers with the page and its message, and mails the link', async () => {
    const { email } = await insertUser(app.context.deps);
    const { submit } = await browserOn('/forgot-password');
    const sent = await submit('/forgot-password', { email });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain('If an account exists for that address, we have emailed a password reset link.');
    await expect.poll(() => app.smtp.messages.some((mail) => mail.to.includes(email)), { timeout: 10_000 }).toBe(true);
  });

  it('verify email: Resend answers with the page and its message; a guest is sent to log in; Log Out goes home', async () => {
    const { email, password } = await insertUser(app.context.deps, { verified: false });
    const guest = await browserOn('/verify-email');
    const asGuest = await guest.submit('/email/verification-notification', {});
    expect(asGuest.status).toBe(303);
    expect(asGuest.headers.get('location')).toBe('/login');

    const signIn = await browserOn('/login');
    expect((await signIn.submit('/login', { email, password })).status).toBe(303);
    const { submit } = await browserOn('/verify-email', signIn.client);
    const resent = await submit('/email/verification-notification', {});
    expect(resent.status).toBe(200);
    expect(resent.body).toContain('A new verification link has been sent to your email address.');
    const out = await submit('/logout', {});
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect((await signIn.client.get('/api/session')).body.user).toBeNull();
  });
});

describe('the plant list, rendered for the visitor who asks', () => {
  it('shows a signed-in buyer their list without JavaScript, privately and never from the cache', async () => {
    const { user, email, password } = await insertUser(app.context.deps);
    const item = await app.context.deps.db('catalogue_items').where({ genus: 'Carpinus' }).first();
    await app.context.deps.db('plant_list_lines').insert({
      user_id: user.id,
      catalogue_item_id: item.id,
      quantity: 250,
      snapshot: JSON.stringify({
        code: item.code,
        genus: 'Carpinus',
        species: 'betulus',
        common_name: 'Hornbeam',
        form: item.form,
        height: item.height,
      }),
    });
    const { submit, client } = await browserOn('/login');
    expect((await submit('/login', { email, password })).status).toBe(303);
    const page = await client.get('/plant-list', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toMatch(/Cookie/);
    const html = page.body as string;
    expect(html).toContain('<h1');
    expect(html).toMatch(/<noscript>[\s\S]*Carpinus betulus[\s\S]*250[\s\S]*<\/noscript>/);
    // The header knows who it is for: their account, not "Log in".
    expect(html).toMatch(/<a[^>]*href="\/account"[^>]*>[\s\S]*?My account/);
    expect(html).not.toMatch(/<a[^>]*href="\/login"[^>]*>[\s\S]*?Log in/);

    // Another visitor asking for the same URL gets their own page, not the buyer's.
    const guest = await app.visitor().get('/plant-list', { accept: 'text/html' });
    expect(guest.body).not.toContain('Carpinus betulus');
    expect(guest.body).toMatch(/<noscript>[\s\S]*log in[\s\S]*<\/noscript>/);
    expect(guest.body).toMatch(/<a[^>]*href="\/login"[^>]*>[\s\S]*?Log in/);
  });
});
