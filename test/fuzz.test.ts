import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { renderCatalogue } from '../src/modules/catalogue/render-job.ts';
import { filesUnder, signedIn } from './admin.ts';
import { insertUser, logIn } from './auth.ts';
import { insertContactMessage, insertGallery, insertWidget } from './factories.ts';
import { insertCatalogueItems, insertGalleryImage } from '../seeds/factories.ts';
import { describeRequest, fuzzRequests, type FormSpec, type FuzzRequest, type Role, type Targets } from './fuzz/requests.ts';
import { insertMaxLengthUser } from './fuzz/max-length-users.ts';
import { acceptance, insertQuotation } from './quotations.ts';
import { appRoutes, schemaFields, type AppRoute } from './fuzz/routes.ts';
import { appTables, changedTables, tableDigests } from './fuzz/snapshot.ts';
import { createTestContext, startTestServer, type TestContext } from './harness.ts';
import type { TestClient } from './http-client.ts';

/**
 * The "nothing bypassed" fuzz (issue 7): thousands of generated bad requests — malformed JSON,
 * wrong types, NUL and odd unicode, 1 MB strings, huge numbers, traversal ids, prototype keys,
 * lying encodings — at every route the app registers, as a guest, a verified user and an admin
 * (each with a session and a valid CSRF pair, so input reaches the validators). No answer may be
 * a 5xx or leak internals, and a refused request (4xx) may change no stored row. The user is an
 * approved trade buyer whose every field is at its longest, so values derived from them (a quote
 * request's name "first last", its company) are tried at their longest too.
 *
 * Reproducible: the requests come from fast-check with a fixed seed. FUZZ_SEED=<n> explores
 * another set and FUZZ_RUNS=<n> changes how many; a failure prints the seed and the request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3300);
/** Requests between two table snapshots, and how many of them are in flight at once. */
const BATCH = 25;
const CONCURRENCY = 6;
/** What a 4xx body must never contain: a stack frame, SQL, a driver or zlib error. */
const LEAK =
  /\bat .+:\d+:\d+\)?|node_modules|\b(select|insert|update|delete) .+ (from|into|set)\b|violates|syntax error|ECONN|Z_DATA_ERROR|invalid byte sequence/i;

let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let clients: Record<Role, TestClient>;
let routes: AppRoute[];
let fields: string[];
let targets: Targets;
let tables: string[];
let catalogueLines: number[];

beforeAll(async () => {
  // Redis-backed queues with no worker: a request that is accepted records its event, the relay
  // publishes it, and nothing else writes to the database behind the snapshots' backs.
  context = await createTestContext();
  server = await startTestServer(context);
  const db = context.deps.db;
  const buyer = await insertMaxLengthUser(context.deps, 'user');
  const user = server.client();
  await logIn(user, buyer.email, buyer.password);
  const admin = await signedIn(server, context.deps, { role: 'admin' });
  clients = { guest: await server.client().csrf(), user, admin };

  // Rows for real ids to point at; other users than the signed-in ones, so no generated edit can
  // end those sessions. The downloads exist, so their routes answer 200 rather than "being generated".
  const widget = await insertWidget(db);
  const gallery = await insertGallery(db);
  const image = await insertGalleryImage(db, { gallery_id: gallery.id, status: 'ready' });
  const lines = await insertCatalogueItems(db, 3);
  catalogueLines = lines;
  const message = await insertContactMessage(db);
  const others = [await insertUser(context.deps), await insertUser(context.deps, { role: 'admin' })];
  // A quotation the signed-in buyer may answer, and another buyer's order (issue 19's routes).
  const quotation = await insertQuotation(db, { userId: buyer.user.id, lines: [{ catalogue_item_id: lines[0]!, quantity: 2 }] });
  const accepted = await insertQuotation(db, { userId: others[0]!.user.id, lines: [{ catalogue_item_id: lines[1]!, quantity: 2 }] });
  const order = await context.services.orders.accept(
    accepted.id,
    { userId: others[0]!.user.id },
    { ...acceptance(), delivery_postcode: 'TN26 1AA' },
  );
  await renderCatalogue(context.deps);
  // A quote request with a draft quotation (issue 19), so /quote-requests/{id}/quotation/{qid} is reached with real ids.
  const [request] = await db('quote_requests')
    .insert({ reference: 'Q-2026-F1', name: 'Fuzz Buyer', email: 'fuzz@example.com', delivery_postcode: 'TN27 9AA' })
    .returning('id');
  const [draft] = await db('quotations')
    .insert({ quote_request_id: request.id, version: 1, reference: 'Q-2026-F1/1', valid_until: '2099-01-01' })
    .returning('id');
  await db('quotation_lines').insert({
    quotation_id: draft.id,
    position: 1,
    catalogue_item_id: lines[0],
    genus: 'Fagus',
    species: 'sylvatica',
    form: 'Bare root',
    height: '60-90',
    quantity: 5,
    unit_price_pence: 120,
  });
  // Another buyer's named plant list with a line: real ids the signed-in buyer must get 404 for.
  const [otherList] = await db('plant_lists').insert({ user_id: others[0]!.user.id, name: 'Fuzz project' }).returning('id');
  const [otherLine] = await db('plant_list_lines')
    .insert({ user_id: others[0]!.user.id, plant_list_id: otherList.id, catalogue_item_id: lines[0], quantity: 5, snapshot: '{}' })
    .returning('id');
  targets = {
    ids: [
      widget.id,
      gallery.id,
      image.id,
      ...lines,
      message.id,
      ...others.map((o) => o.user.id),
      request.id,
      draft.id,
      quotation.id,
      order.id,
      otherList.id,
      otherLine.id,
    ],
    names: [widget.name],
    email: others[0]!.email,
  };

  routes = appRoutes(createApp(context.deps, context.services));
  fields = await schemaFields(path.resolve(import.meta.dirname, '../src/modules'));
  tables = await appTables(db);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await context?.close();
});

interface Item {
  request: FuzzRequest;
  index: number;
}
interface Outcome extends Item {
  status: number;
  text: string;
}

function formData(spec: FormSpec): FormData {
  const form = new FormData();
  for (const [name, value] of spec.fields) form.append(name, value);
  if (spec.file) form.append(spec.file.field, new Blob([new Uint8Array(spec.file.bytes)], { type: spec.file.type }), spec.file.name);
  return form;
}

/**
 * Sends one request from an address of its own, so per-IP rate limits do not hide the validators.
 * A connection reset is tried once more: a kept-alive socket the server closed as the next request
 * went out is the transport's race, not an answer; a reset that happens twice is reported (status 0).
 */
async function send({ request, index }: Item, attempt = 1): Promise<Outcome> {
  const headers = { ...request.headers, 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` };
  const body = request.body instanceof Uint8Array ? new Uint8Array(request.body) : request.body ? formData(request.body) : undefined;
  try {
    const response = await clients[request.role].request(request.method, request.url, { headers, body });
    return { request, index, status: response.status, text: response.raw.toString('utf8', 0, 4000) };
  } catch (error) {
    if (attempt === 1) return send({ request, index }, 2);
    return { request, index, status: 0, text: String((error as Error).cause ?? error) };
  }
}

async function inParallel<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** An accepted state change may legitimately write; everything else must leave every row alone. */
const mayWrite = (o: Outcome) => o.status < 400 && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(o.request.method);

describe('fuzz: generated bad requests at every route', () => {
  it('has snapshots that notice a changed, added or removed row (so "nothing changed" means something)', async () => {
    const db = context.deps.db;
    const before = await tableDigests(db, tables);
    const message = await insertContactMessage(db);
    const added = await tableDigests(db, tables);
    await db('contact_messages').where({ id: message.id }).update({ message: 'changed' });
    const changed = await tableDigests(db, tables);
    await db('contact_messages').where({ id: message.id }).delete();
    expect(changedTables(before, added)).toEqual(['contact_messages']);
    expect(changedTables(added, changed)).toEqual(['contact_messages']);
    expect(changedTables(before, await tableDigests(db, tables))).toEqual([]);
  });

  it(`${RUNS} requests (seed ${SEED}) as guest, user and admin: no 5xx, no leaked internals, refused requests change nothing`, async () => {
    const db = context.deps.db;
    // Logging out is the one request whose success ends the sender's own session: only guests send it.
    const requests = fc
      .sample(fuzzRequests(routes, fields, targets), { seed: SEED, numRuns: RUNS })
      .map((r): FuzzRequest => (r.url.split('?')[0] === '/logout' ? { ...r, role: 'guest' } : r));
    const failures: { route: string; text: string }[] = [];
    const changes: string[] = [];
    /** 401s of signed-in senders: a lost session would silently stop input reaching the validators. */
    const signedOut: string[] = [];
    const statuses: Record<number, number> = {};
    let sent = 0;
    await context.deps.relay.idle();
    let digests = await tableDigests(db, tables);

    /**
     * Sends items in snapshot batches. A batch with only refused requests must leave every table
     * as it was. A batch in which something was accepted proves nothing about its refused
     * requests, so those are sent again in smaller batches (down to one at a time).
     */
    const check = async (items: Item[], size: number): Promise<void> => {
      const again: Item[] = [];
      for (let start = 0; start < items.length; start += size) {
        const batch = items.slice(start, start + size);
        const outcomes = await inParallel(batch, CONCURRENCY, (item) => send(item));
        sent += batch.length;
        for (const o of outcomes) {
          statuses[o.status] = (statuses[o.status] ?? 0) + 1;
          if (o.status === 401 && o.request.role !== 'guest') signedOut.push(describeRequest(o.request, o.index));
          const failed =
            o.status >= 500 || o.status === 0 ? String(o.status) : o.status >= 400 && LEAK.test(o.text) ? `leak ${o.status}` : undefined;
          if (failed)
            failures.push({
              route: o.request.route,
              text: `${failed} ← ${describeRequest(o.request, o.index)}\n    ${o.text.slice(0, 300)}`,
            });
        }
        // An accepted request's event is published (stamped) after the response: let that finish
        // before the snapshot, or it would show up as a change in the next batch.
        await context.deps.relay.idle();
        const after = await tableDigests(db, tables);
        if (!outcomes.some(mayWrite)) {
          const changed = changedTables(digests, after);
          if (changed.length)
            changes.push(
              `${changed.join(', ')} changed by refused requests:\n${batch.map((b) => describeRequest(b.request, b.index)).join('\n')}`,
            );
        } else if (size > 1) {
          again.push(...outcomes.filter((o) => !mayWrite(o)));
        }
        digests = after;
      }
      if (again.length) await check(again, size > 5 ? 5 : 1);
    };
    await check(
      requests.map((request, index) => ({ request, index })),
      BATCH,
    );

    console.log(`fuzz seed ${SEED}: ${sent} requests over ${routes.length} route methods; statuses ${JSON.stringify(statuses)}`);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    const perRoute = new Map<string, number>();
    for (const f of failures) perRoute.set(f.route, (perRoute.get(f.route) ?? 0) + 1);
    const byRoute = [...perRoute].map(([route, n]) => `${n} × ${route}`);
    const failureReport = `seed ${SEED}: ${failures.length} responses ≥ 500 or leaking, by route: ${byRoute.join(', ')}\n${failures
      .slice(0, 20)
      .map((f) => f.text)
      .join('\n')}`;
    expect(failures.length, failureReport).toBe(0);
    expect(changes, `seed ${SEED}:\n${changes.slice(0, 10).join('\n\n')}`).toEqual([]);
    expect(signedOut.slice(0, 5), `seed ${SEED}: a signed-in session ended during the run`).toEqual([]);

    // Nothing polluted Object.prototype and no upload was left behind.
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(filesUnder(path.join(context.deps.config.varDir, 'tmp'))).toEqual([]);
  }, 240_000);
});

describe('planting schedules (issue 19) of generated text', () => {
  it('are matched (201) or refused (422) with the field, never a 5xx, and a refused one stores nothing', async () => {
    const db = context.deps.db;
    const token = fc.constantFrom(
      'Acer',
      'campestre',
      "'Elsrijk'",
      '×',
      'x',
      '60-90',
      '1.2-1.5m',
      'BR',
      'C2',
      'P9',
      '250',
      '1,000',
      'no.',
      '\t',
      '\n',
      '\u0000',
      '"',
      '  ',
    );
    const text = fc.oneof(
      fc.array(token, { maxLength: 60 }).map((t) => t.join(' ')),
      fc.string({ unit: 'binary', maxLength: 400 }),
    );
    const samples = fc.sample(text, { seed: SEED, numRuns: 150 });
    const client = await server.client().csrf();
    for (const [index, sample] of samples.entries()) {
      client.ip = `10.251.${(index >> 8) & 255}.${index & 255}`;
      const before = Number((await db('schedules').count({ n: '*' }).first())!.n);
      const response = await client.post('/api/schedules', { text: sample });
      expect([201, 422], JSON.stringify(sample)).toContain(response.status);
      if (response.status === 422) {
        expect(Object.keys(response.body.errors)).toEqual(['text']);
        expect(Number((await db('schedules').count({ n: '*' }).first())!.n)).toBe(before);
      }
    }
  });
});

describe('users whose fields are at their maximum lengths', () => {
  it('a buyer with 255-character names, a 255-character email and a 200-character company sends a quote request from their account details alone', async () => {
    const db = context.deps.db;
    const buyer = await insertMaxLengthUser(context.deps, 'user');
    const client = server.client();
    client.ip = '10.250.0.1';
    await logIn(client, buyer.email, buyer.password);
    // Name, email, company and postcode all come from the account and the trade account.
    const response = await client.post('/api/quote-requests', { lines: [{ catalogue_item_id: catalogueLines[0], quantity: 3 }] });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const stored = await db('quote_requests').where({ id: response.body.id }).first();
    expect(stored.name.length).toBeLessThanOrEqual(255);
    expect(stored.name.startsWith(buyer.firstname.slice(0, 200))).toBe(true);
    expect(stored.email).toBe(buyer.email);
  });

  it('an admin with names at their longest lists, reads and edits users without a 5xx', async () => {
    const longest = await insertMaxLengthUser(context.deps, 'admin');
    const client = server.client();
    client.ip = '10.250.0.2';
    await logIn(client, longest.email, longest.password);
    for (const url of ['/api/users', `/api/users/${longest.user.id}`, '/api/admin/stats', '/api/user', '/api/session']) {
      expect((await client.get(url)).status, url).toBe(200);
    }
    const patch = await client.patch(`/api/users/${longest.user.id}`, { firstname: longest.firstname, lastname: longest.lastname });
    expect(patch.status).toBe(200);
    const profile = await client.put('/user/profile-information', {
      firstname: longest.firstname,
      lastname: longest.lastname,
      email: longest.email,
    });
    expect(profile.status).toBe(200);
  });
});
