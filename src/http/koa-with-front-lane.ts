import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import type { FrontLane } from './cached-page-lane.ts';

/**
 * A Koa app whose request handler first offers each request to a front lane (the cached public
 * pages: src/http/cached-page-lane.ts); what the lane does not answer goes through Koa's
 * middleware as usual. Overriding `callback` gives the lane to every server of the app: `listen`,
 * the web process's server (src/http/server.ts) and the tests'.
 */
export class KoaWithFrontLane extends Koa {
  constructor(
    private readonly frontLane: FrontLane,
    options?: { proxy?: boolean; maxIpsCount?: number },
  ) {
    super(options);
  }

  override callback(): ReturnType<Koa['callback']> {
    const viaKoa = super.callback();
    const lane = this.frontLane;
    // Koa's handler takes HTTP/2 requests too; the app is served over HTTP/1.1 only (src/http/server.ts).
    return async (req, res) => {
      if (await lane(req as IncomingMessage, res as ServerResponse)) return;
      await viaKoa(req, res);
    };
  }
}
