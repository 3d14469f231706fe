import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { Deps } from '../src/deps.ts';
import { insertUser, logIn } from './auth.ts';
import { createTestContext, startTestServer, type TestContext, type TestOptions } from './harness.ts';
import { pngHeader } from './images.ts';
import type { TestClient } from './http-client.ts';

/** A client signed in as a new user of the given kind (verified admin unless told otherwise). */
export async function signedIn(
  server: { client(): TestClient },
  deps: Pick<Deps, 'db'>,
  options: { role?: 'user' | 'admin'; verified?: boolean } = {},
): Promise<TestClient & { userId: number }> {
  const { user, email, password } = await insertUser(deps, { role: options.role ?? 'admin', verified: options.verified ?? true });
  const client = server.client();
  await logIn(client, email, password);
  return Object.assign(client, { userId: user.id });
}

/** What {@link useAdminApp} sets up; its fields are there once the file's `beforeAll` hooks have run. */
export interface AdminTestApp {
  context: TestContext;
  server: Awaited<ReturnType<typeof startTestServer>>;
  admin: TestClient & { userId: number };
}

/**
 * The usual fixture of an admin route test file: its own database and Redis prefix, the app
 * listening, and a signed-in admin — set up before the file's tests and closed after them. Call it
 * at the top of the file and read the fields inside tests and hooks.
 */
export function useAdminApp(options: TestOptions & { workers?: string[] } = {}): AdminTestApp {
  const app = {} as AdminTestApp;
  beforeAll(async () => {
    app.context = await createTestContext(options);
    if (options.workers) app.context.startWorkers(options.workers);
    app.server = await startTestServer(app.context);
    app.admin = await signedIn(app.server, app.context.deps, { role: 'admin' });
  });
  afterAll(async () => {
    await app.server?.close();
    await app.context?.close();
  });
  return app;
}

/** A guest client that holds a CSRF cookie, so a refusal is about who it is, not about CSRF. */
export const guest = (server: { client(): TestClient }) => server.client().csrf();

/** Sends multipart/form-data: text fields and files ({name, body, type}). */
export function sendForm(
  client: TestClient,
  method: string,
  url: string,
  fields: Record<string, string>,
  files: Record<string, { name: string; body: Blob | Buffer; type?: string }> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) {
    const blob =
      file.body instanceof Blob ? file.body : new Blob([new Uint8Array(file.body)], { type: file.type ?? 'application/octet-stream' });
    form.append(key, blob, file.name);
  }
  return client.request(method, url, { body: form });
}

/** A small real photo-like JPEG (or PNG/WebP) of the given size. */
export function testImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg width="${width}" height="${height}"><rect width="100%" height="100%" fill="#4a7a3a"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#c33"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

/** Every file under a folder (relative paths), or [] when the folder does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Files an attacker (or an unlucky admin) might upload. */
export async function hostileFiles() {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7a3a' } })
    .composite([{ input: Buffer.from('<svg width="1200" height="900"><circle cx="400" cy="450" r="200" fill="#c33"/></svg>') }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return {
    /** Plain text with a .jpg name and an image/jpeg Content-Type. */
    textAsJpeg: { name: 'holiday.jpg', type: 'image/jpeg', body: Buffer.from('This is not a picture. '.repeat(50)) },
    /** An SVG carrying a script. */
    svgWithScript: {
      name: 'logo.svg',
      type: 'image/svg+xml',
      body: Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
      ),
    },
    /** The same SVG renamed .png. */
    svgAsPng: {
      name: 'logo.png',
      type: 'image/png',
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    /** A real JPEG cut in half: right magic bytes and header, missing data. */
    truncatedJpeg: { name: 'cut.jpg', type: 'image/jpeg', body: photo.subarray(0, Math.floor(photo.length / 2)) },
    /** A valid PNG header claiming 30000×30000 pixels (900 megapixels), a decompression bomb. */
    hugePng: { name: 'bomb.png', type: 'image/png', body: pngHeader(30_000, 30_000) },
  };
}
