import type { Context, Middleware } from 'koa';
import type { FormPostResult, PageFormName } from '../../shared/server-render.ts';
import { HttpError } from '../errors.ts';

/**
 * Answers a request with the server-rendered page at `pagePath` (default: the request's own path),
 * showing a form post's outcome. False when there is no server render (no build, or it failed).
 */
export type RespondWithPage = (ctx: Context, formPost: FormPostResult, pagePath?: string) => Promise<boolean>;

/** What a form's route did, in a page's terms: where to go next, or a message to show on the form's page. */
type PageFormOutcome = { redirect: string } | { message: string };

/** Options of {@link pageForm}. */
export interface PageFormOptions {
  form: PageFormName;
  /** The fields shown again when the page comes back with an error. Never a password. */
  kept: readonly string[];
  /** The page the form is on, when it posts elsewhere (/verify-email posts to /email/…). */
  page?: string;
  /** Read after the route answered (its status and JSON body are on `ctx`). */
  done(ctx: Context): PageFormOutcome;
}

/** Where a form post that needs a signed-in visitor sends a guest. */
const LOGIN_PAGE = '/login';

/**
 * A page's form posted without JavaScript (docs/decisions/006-server-rendering.md): url-encoded,
 * its CSRF token in `_token` (checked by the CSRF middleware like any write). Mounted before the
 * route's own handler, which runs unchanged — the same guard, rate limit, validation and service
 * as the app's JSON post — and answered as a page: a success goes on with 303 (or shows the route's
 * message on the form's page), a 422 re-renders the page with the values kept and each field's
 * first error, another refusal (429, 403…) re-renders it with the reason, and a 401 goes to the
 * login page. A JSON request passes through untouched.
 */
export function pageForm(respondWithPage: RespondWithPage, options: PageFormOptions): Middleware {
  return async (ctx, next) => {
    if (!ctx.is('application/x-www-form-urlencoded')) return next();
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const values = Object.fromEntries(options.kept.map((field) => [field, typeof body[field] === 'string' ? body[field] : '']));
    try {
      await next();
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      if (error.status === 401) {
        ctx.status = 303;
        ctx.redirect(LOGIN_PAGE);
        return;
      }
      const errors = (error.body().errors ?? {}) as Record<string, string[]>;
      const formPost: FormPostResult = {
        form: options.form,
        status: error.status === 422 ? 'invalid' : 'failed',
        values,
        errors: Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0] ?? ''])),
        message: error.message,
      };
      if (!(await respondWithPage(ctx, formPost, options.page))) throw error;
      ctx.status = error.status;
      ctx.set(error.headers);
      return;
    }
    const outcome = options.done(ctx);
    if ('redirect' in outcome) {
      ctx.status = 303;
      ctx.redirect(outcome.redirect);
      return;
    }
    const sent: FormPostResult = { form: options.form, status: 'sent', values: {}, errors: {}, message: outcome.message };
    if (!(await respondWithPage(ctx, sent, options.page))) return;
    ctx.status = 200;
  };
}
