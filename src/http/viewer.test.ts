import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../seeds/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { TestClient } from '../../test/http-client.ts';
import { loadUser, sessionUserJoin } from '../modules/auth/session-auth.ts';
import { catalogueRoutes } from '../modules/catalogue/routes.ts';
import { PUBLIC_VIEWER, viewerFor, type ViewerUser } from '../viewer.ts';
import { errorHandler } from './error-handler.ts';
import { sessionMiddleware } from './session.ts';
import { resolveViewer } from './viewer.ts';

/**
 * The viewer is decided in one place, and a stack that reads it in the wrong order fails loudly
 * (a 500) rather than guessing who may see prices. The stacks below are the app's own middlewares
 * and catalogue routes, on real PostgreSQL, mounted in the order each case names.
 */
let context: TestContext;
const servers: Server[] = [];

beforeAll(async () => {
  context = await createTestContext({ redis: false });
  await insertCatalogueItems(context.deps.db, [{ genus: 'Acer' }]);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await context?.close();
});

type Piece = 'session' | 'user' | 'viewer' | 'routes';

/** A client of an app built from the real pieces, in this order, behind the real error handler. */
async function stack(order: Piece[]): Promise<TestClient> {
  const { deps, services } = context;
  const app = new Koa();
  app.keys = ['viewer-test'];
  app.silent = true;
  app.use(errorHandler(deps.log));
  const routes = catalogueRoutes(deps, services.catalogue);
  const pieces: Record<Piece, Koa.Middleware> = {
    session: sessionMiddleware(app, deps.db, false, [sessionUserJoin(deps.db)]),
    user: loadUser(deps),
    viewer: resolveViewer(services.trade.isApprovedTrade),
    routes: routes.routes() as Koa.Middleware,
  };
  for (const piece of order) app.use(pieces[piece]);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

describe('the order of the viewer middleware', () => {
  it('serves the catalogue in the app’s order: session, user, viewer, routes', async () => {
    const response = await (await stack(['session', 'user', 'viewer', 'routes'])).get('/api/catalogue');
    expect(response.status).toBe(200);
    expect(response.body.results[0].genus).toBe('Acer');
    expect(response.body.results[0]).not.toHaveProperty('trade');
  });

  it.each([
    ['without the viewer middleware', ['session', 'user', 'routes']],
    ['with the routes before the viewer middleware', ['session', 'user', 'routes', 'viewer']],
    ['with the viewer middleware before the user is loaded', ['session', 'viewer', 'user', 'routes']],
    ['with the viewer middleware before the session is read', ['viewer', 'session', 'user', 'routes']],
  ] as [string, Piece[]][])('answers 500, never a page, %s', async (_case, order) => {
    for (const path of ['/api/catalogue', '/api/catalogue/genera/acer']) {
      const response = await (await stack(order)).get(path);
      expect(response.status, path).toBe(500);
      expect(response.body).not.toHaveProperty('results');
    }
  });
});

describe('viewerFor', () => {
  const user = (role: string, verified = true): ViewerUser => ({ id: 7, role, email_verified_at: verified ? new Date() : null });
  /** An approval lookup that records whom it was asked about. */
  const lookup = (approved: boolean) => {
    const asked: number[] = [];
    return { asked, isApprovedTrade: async (id: number) => (asked.push(id), approved) };
  };

  it('is public for nobody, without asking', async () => {
    const approval = lookup(true);
    expect(await viewerFor(null, approval.isApprovedTrade)).toBe(PUBLIC_VIEWER);
    expect(approval.asked).toEqual([]);
  });

  it('shows prices to a verified buyer exactly while their trade account is approved', async () => {
    const approved = lookup(true);
    expect(await viewerFor(user('user'), approved.isApprovedTrade)).toEqual({ trade: true, userId: 7 });
    expect(approved.asked).toEqual([7]);
    expect(await viewerFor(user('user'), lookup(false).isApprovedTrade)).toEqual({ trade: false, userId: 7 });
  });

  it('shows prices to verified staff without asking for a trade account', async () => {
    const approval = lookup(false);
    expect(await viewerFor(user('admin'), approval.isApprovedTrade)).toEqual({ trade: true, userId: 7 });
    expect(approval.asked).toEqual([]);
  });

  it('never shows prices to an unverified user, staff or approved', async () => {
    expect(await viewerFor(user('admin', false), lookup(true).isApprovedTrade)).toEqual({ trade: false, userId: 7 });
    expect(await viewerFor(user('user', false), lookup(true).isApprovedTrade)).toEqual({ trade: false, userId: 7 });
  });
});
