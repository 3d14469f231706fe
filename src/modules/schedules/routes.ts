import path from 'node:path';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { hashToken, randomToken } from '../../crypto.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound, validationError } from '../../errors.ts';
import type { GuardUser } from '../../http/guards.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { multipart, uploadedFile } from '../../http/uploads.ts';
import { viewerOf } from '../../http/viewer.ts';
import { validate } from '../../validation/validate.ts';
import { readScheduleFile, readScheduleText, SCHEDULE_MAX_BYTES } from './reader.ts';
import { isScheduleId, nameFromFile, pasteSchema, PASTED_NAME, uploadNameSchema } from './schema.ts';
import type { ScheduleOwner, ScheduleService } from './service.ts';

/** Schedules one address may send a minute: a buyer sends a few; each costs a match. */
export const SCHEDULES_PER_MINUTE = 20;

/** The guest session's schedule key (random, kept in the session; only its hash is stored). */
const GUEST_KEY = 'scheduleKey';

/**
 * Planting schedules (shared/api/schedules.ts):
 * POST /api/schedules — multipart {file: .xlsx/.csv ≤ 5 MB, name?} or JSON {name?, text}; guests
 *   and signed-in buyers (CSRF as everywhere; rate limited per address) → 201 matched, or 202
 *   `matching` for the worker; a file or text that is not a schedule → 422 on `file` / `text`,
 *   nothing stored. A guest's schedule belongs to their session (a key kept in it).
 * GET /api/schedules/{id} — the owner's only; anyone else's, or a guessed id → 404.
 */
export function scheduleRoutes(deps: Deps, schedules: ScheduleService): Router {
  const limiter = deps.limiters({ name: 'schedules', points: SCHEDULES_PER_MINUTE, durationSeconds: 60 });
  const upload = multipart({ uploadDir: path.join(deps.config.varDir, 'tmp'), maxFileSize: SCHEDULE_MAX_BYTES });
  // The contract answers a file too large for a schedule like any other bad file: 422 on `file`.
  const uploadSchedule: Middleware = async (ctx, next) => {
    try {
      await upload(ctx, next);
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) {
        throw validationError({
          file: [`The file is larger than ${SCHEDULE_MAX_BYTES / 1024 / 1024} MB, which is not a planting schedule.`],
        });
      }
      throw error;
    }
  };
  const router = new Router();

  router.post(
    '/api/schedules',
    rateLimit(limiter, (ctx) => ctx.ip),
    uploadSchedule,
    async (ctx) => {
      const file = uploadedFile(ctx, 'file');
      let name: string;
      let lines;
      if (ctx.is('multipart')) {
        if (!file) throw validationError({ file: ['The file field is required.'] });
        const given = validate(uploadNameSchema, ctx.request.body).name;
        lines = await readScheduleFile(file.filepath);
        name = given || nameFromFile(file.originalFilename);
      } else {
        const paste = validate(pasteSchema, ctx.request.body);
        lines = readScheduleText(paste.text);
        name = paste.name || PASTED_NAME;
      }
      const { matched, result } = await schedules.submit(ownerOf(ctx, true)!, name, lines, viewerOf(ctx));
      ctx.status = matched ? 201 : 202;
      ctx.body = result;
    },
  );

  router.get('/api/schedules/:id', async (ctx) => {
    const owner = ownerOf(ctx, false);
    if (!owner || !isScheduleId(ctx.params.id)) throw notFound();
    ctx.body = await schedules.get(owner, ctx.params.id, viewerOf(ctx));
  });

  return router;
}

/** The signed-in user, else the guest session's key (made on a guest's first schedule). */
function ownerOf(ctx: Context, create: boolean): ScheduleOwner | undefined {
  const user = ctx.state.user as GuardUser | null | undefined;
  if (user) return { userId: user.id };
  let key = ctx.session?.[GUEST_KEY] as string | undefined;
  if (!key && create && ctx.session) {
    key = randomToken(24);
    ctx.session[GUEST_KEY] = key;
  }
  return key ? { guestKey: hashToken(key) } : undefined;
}
