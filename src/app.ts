import { createHmac } from 'node:crypto';
import type Koa from 'koa';
import compress from 'koa-compress';
import type Router from '@koa/router';
import type { Deps } from './deps.ts';
import { accessLog } from './http/access-log.ts';
import { cachedPageLane } from './http/cached-page-lane.ts';
import { cachePolicy } from './http/cache-policy.ts';
import { jsonBody } from './http/body.ts';
import { KoaWithFrontLane } from './http/koa-with-front-lane.ts';
import { clientIp } from './http/client-ip.ts';
import { csrfProtection, guestCsrfToken } from './http/csrf.ts';
import { errorHandler } from './http/error-handler.ts';
import { healthRoutes } from './http/health.ts';
import { httpMetrics } from './metrics/http.ts';
import { mediaRoutes } from './http/media.ts';
import { secureCookies } from './http/secure-cookies.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serializeJsonOnce } from './http/json-once.ts';
import { sessionMiddleware } from './http/session.ts';
import { spa } from './http/spa.ts';
import { staticFiles } from './http/static-files.ts';
import { resolveViewer } from './http/viewer.ts';
import { serverPages } from './ssr/pages.ts';
import { accountRoutes } from './modules/auth/account-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { loadUser, sessionUserJoin } from './modules/auth/session-auth.ts';
import { sessionTradeJoin, tradeApproval } from './modules/trade/session-join.ts';
import { twoFactorRoutes } from './modules/auth/two-factor-routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { seoService } from './modules/seo/service.ts';
import { galleryRoutes } from './modules/galleries/routes.ts';
import { widgetRoutes } from './modules/widgets/routes.ts';
import { queueDashboardRoutes } from './http/queue-dashboard.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { catalogueAdminRoutes } from './modules/catalogue/admin-routes.ts';
import { enquiryRoutes } from './modules/enquiries/routes.ts';
import { mailRoutes } from './modules/mails/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { plantListRoutes } from './modules/plant-lists/routes.ts';
import { quoteAdminRoutes } from './modules/quotes/admin-routes.ts';
import { quoteRoutes } from './modules/quotes/routes.ts';
import { quotationAdminRoutes } from './modules/quotations/admin-routes.ts';
import { quotationRoutes } from './modules/quotations/routes.ts';
import { orderAdminRoutes } from './modules/orders/admin-routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { tradeRoutes } from './modules/trade/routes.ts';
import { scheduleRoutes } from './modules/schedules/routes.ts';
import type { Services } from './services.ts';

export interface AppOptions {
  /** Extra routers mounted before the feature routes (the benchmark's bare baseline route). */
  extraRouters?: Router[];
}

/**
 * Builds the Koa app without listening; tests and the benchmark import this. A cached guest page
 * is answered before all of it (src/http/cached-page-lane.ts). Order matters:
 * access log → metrics → cache policy → errors → client IP → secure cookies → headers → compression → built files →
 * cached guest pages → SPA fallback → server-rendered pages → CSRF → session → user → viewer → body → routes.
 */
export function createApp(deps: Deps, services: Services, options: AppOptions = {}): Koa {
  // Trust exactly the configured proxies: the X-Forwarded-For entry the nearest of them appended,
  // never the left-most one, which the client writes itself.
  const hops = deps.config.proxyHops;
  const secure = deps.config.appUrl.startsWith('https://');
  const pages = serverPages(deps, services);
  // Cached guest pages are sent before any middleware, as a static file would be; the rest is Koa's.
  const app = new KoaWithFrontLane(cachedPageLane(deps, pages.sharedPage, { hsts: secure }), { proxy: hops > 0, maxIpsCount: hops });
  app.keys = [createHmac('sha256', deps.config.appKey).update('cookie-signing').digest('base64')];
  app.silent = true; // the error handler logs; Koa's default handler would print stack traces

  const routers: Router[] = [
    ...(options.extraRouters ?? []),
    healthRoutes(deps),
    mediaRoutes(deps.storage),
    authRoutes(deps, services.auth, pages.respond),
    accountRoutes(deps, services.auth, pages.respond),
    twoFactorRoutes(deps, services.auth),
    siteRoutes(deps.config),
    widgetRoutes(services.widgets, deps.config),
    galleryRoutes(services.galleries, services.galleryImages, deps.config),
    catalogueRoutes(deps, services.catalogue),
    seoRoutes(seoService(deps, services.catalogue)),
    contactRoutes(deps, services.contact, pages.respond),
    catalogueAdminRoutes(services.catalogue, deps.config),
    userRoutes(services.users),
    enquiryRoutes(services.enquiries),
    mailRoutes(services.mails),
    plantListRoutes(deps, services.plantLists),
    quoteRoutes(deps, services.quotes, services.quotations),
    scheduleRoutes(deps, services.schedules),
    quoteAdminRoutes(services.quotes),
    quotationRoutes(deps, services.quotations, deps.storage),
    quotationAdminRoutes(services.quotations, deps.storage),
    orderRoutes(deps, services.orders),
    orderAdminRoutes(deps, services.orders),
    tradeRoutes(deps, services.trade, deps.storage),
    adminRoutes(services.adminStats),
    queueDashboardRoutes(deps.queue),
  ];
  // Whether a route answers a GET of the path (/healthz does): the fast lane leaves those to it.
  const answersGet = (path: string) => routers.some((router) => router.match(path, 'GET').route);

  app.use(accessLog(deps.log)); // first: the request id covers everything after it, errors included
  app.use(httpMetrics(deps.metrics));
  app.use(cachePolicy()); // outside the error handler: it marks every final answer, errors included
  app.use(errorHandler(deps.log));
  app.use(clientIp());
  if (secure) app.use(secureCookies());
  app.use(securityHeaders({ hsts: secure }));
  app.use(compress({ threshold: 1024, br: false }));
  app.use(serializeJsonOnce()); // inside compress: it and Koa then reuse one JSON text
  // Answers that are the same for every guest, before any session, CSRF or routing work: the
  // build's files, and public pages, cached or rendered for the cache (a form's page still gets its token).
  app.use(staticFiles(deps.config.webDist));
  app.use(pages.cachedForGuests(guestCsrfToken(deps.config.appKey, secure), answersGet));
  app.use(spa(deps.config.webDist));
  app.use(pages.middleware); // inside spa: a public page is rendered before spa would send the shell
  app.use(csrfProtection(deps.config.appKey, secure)); // outside the session: it re-binds after a rotation
  app.use(sessionMiddleware(app, deps.db, secure, [sessionUserJoin(deps.db), sessionTradeJoin(deps.db)]));
  app.use(loadUser(deps));
  // Who sees trade prices, decided once for the whole request; every route reads ctx.state.viewer.
  app.use(resolveViewer(tradeApproval(deps.db)));
  app.use(jsonBody());

  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
