import { mkdir, rm } from 'node:fs/promises';
import type { File } from 'formidable';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { MiB } from '../bytes.ts';
import { HttpError, validationError } from '../errors.ts';

/** Text fields of one multipart request, all together (a widget's HTML is the largest). */
const MAX_FIELDS_BYTES = 2 * MiB;
/** Room for the text fields and multipart boundaries on top of the files in a declared length. */
const MULTIPART_OVERHEAD = MAX_FIELDS_BYTES + 64 * 1024;

export interface MultipartOptions {
  /** Folder for temp files (created on demand); VAR_DIR/tmp in the app. */
  uploadDir: string;
  /** Largest single file in bytes; a larger one → 413 {"message":"File too large."}. */
  maxFileSize: number;
  /** Files accepted in one request (default 1); 0 for forms that carry only fields. */
  maxFiles?: number;
}

/** formidable's internal error codes (formidable/src/FormidableError.js). */
const FORMIDABLE = {
  aborted: 1002,
  maxFieldsSizeExceeded: 1006,
  maxFieldsExceeded: 1007,
  biggerThanTotalMaxFileSize: 1009,
  noEmptyFiles: 1010,
  biggerThanMaxFileSize: 1016,
} as const;

/**
 * Route-level multipart parsing (the global body parser has multipart off). Mount it AFTER the
 * route's guard, so only admins can make the server write to disk. Files stream to temp files in
 * `uploadDir` (never held in memory); whatever is still there when the handler finishes — moved
 * into storage or not, success or error — is deleted, so no temp file is ever left behind.
 * Requests that are not multipart pass straight through (JSON bodies keep working).
 */
export function multipart(options: MultipartOptions): Middleware {
  const maxFiles = options.maxFiles ?? 1;
  const maxTotal = Math.max(1, options.maxFileSize * Math.max(1, maxFiles));
  const parser = (state: { files: number; refused: boolean; paths: string[] }) =>
    koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir: options.uploadDir,
        maxFileSize: Math.max(1, options.maxFileSize),
        maxTotalFileSize: maxTotal,
        allowEmptyFiles: false,
        keepExtensions: false,
        maxFieldsSize: MAX_FIELDS_BYTES,
        maxFields: 100,
        // Counted here rather than with formidable's maxFiles, which creates the extra file after
        // it has cleaned up (a temp file left behind). A refused part is skipped unwritten.
        filter: () => {
          if (++state.files > maxFiles) state.refused = true;
          return !state.refused;
        },
        onFileBegin: (_name, file) => {
          state.paths.push(file.filepath);
        },
      },
    });

  return async (ctx, next) => {
    if (!ctx.is('multipart')) return next();
    // A declared length far over the limit is refused before a byte is written to disk.
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > maxTotal + MULTIPART_OVERHEAD) throw tooLarge();
    await mkdir(options.uploadDir, { recursive: true });
    const state = { files: 0, refused: false, paths: [] as string[] };
    try {
      try {
        await parser(state)(ctx, async () => {});
      } catch (error) {
        throw fromFormidable(error);
      }
      if (state.refused) {
        throw validationError({ file: [maxFiles === 0 ? 'This form does not take files.' : 'Only one file may be uploaded at a time.'] });
      }
      await next();
    } finally {
      // formidable removes its partial files on failure too; this also covers every other path.
      await Promise.all(state.paths.map((file) => rm(file, { force: true }).catch(() => undefined)));
    }
  };
}

/** The single file uploaded under `field`, or undefined (several under one name: the first). */
export function uploadedFile(ctx: Context, field: string): File | undefined {
  const value = ctx.request.files?.[field];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * 413 {"message":"File too large."}. The connection stays open: Node drains the rest of the body
 * (only admins get this far), so the client reads the answer instead of a reset mid-upload.
 */
const tooLarge = () => new HttpError(413, 'File too large.');

function fromFormidable(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case FORMIDABLE.biggerThanMaxFileSize:
    case FORMIDABLE.biggerThanTotalMaxFileSize:
      return tooLarge();
    case FORMIDABLE.noEmptyFiles:
      return validationError({ file: ['The file is empty.'] });
    case FORMIDABLE.maxFieldsSizeExceeded:
    case FORMIDABLE.maxFieldsExceeded:
      return new HttpError(413, 'The form is too large.');
    case FORMIDABLE.aborted:
      return new HttpError(400, 'The upload was interrupted.');
    default:
      return typeof code === 'number' ? new HttpError(400, 'The request body is not valid.') : error;
  }
}
