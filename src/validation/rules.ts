import { z } from 'zod';

/**
 * Field rules with Laravel's wording, which the screens show as they are. Built on zod so every
 * schema reads as a plain object of fields.
 */
const missingOrWrongType = (field: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} field must be a string.`,
});

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (field: string, max = 255) =>
  z
    .string(missingOrWrongType(field))
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} field must not be greater than ${max} characters.`);

/** Required email address, trimmed. */
export const emailField = (field = 'email') => requiredText(field, 255).pipe(z.email(`The ${field} field must be a valid email address.`));

/** A password as typed (never trimmed). */
export const passwordText = (field = 'password') =>
  z
    .string(missingOrWrongType(field))
    .min(1, `The ${field} field is required.`)
    .max(1000, `The ${field} field must not be greater than 1000 characters.`);

/** A new password: at least 8 characters (the confirmation is checked by `confirmed`). */
export const newPassword = () => passwordText('password').pipe(z.string().min(8, 'The password field must be at least 8 characters.'));

/** Adds Laravel's `confirmed` rule: `password_confirmation` must equal `password`. */
export function confirmed<T extends { password: string; password_confirmation?: unknown }>(schema: z.ZodType<T>) {
  return schema.superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password field confirmation does not match.' });
    }
  });
}

/** The message for a field holding U+0000. */
export const nulMessage = (field: string) => `The ${field} field must not contain a null character.`;

/** Report at most this many fields, and paths this deep: enough for any real form, bounded for hostile input. */
const MAX_NUL_FIELDS = 50;
const MAX_PATH_SEGMENTS = 8;

interface Visit {
  value: unknown;
  parent: Visit | undefined;
  key: string;
}

/**
 * The dotted paths (`tags.1.label`) of every string, and every key, in parsed input (a JSON body,
 * a query, multipart fields) that contains U+0000. PostgreSQL's text type cannot store that
 * character and rejects any query that binds it, so such input must be refused before a service
 * sees it, whichever field it is in. Walks with its own stack: a 256 KB JSON body can nest
 * 100,000 levels deep, far past the call stack.
 */
export function nulPaths(input: unknown): string[] {
  const found = new Set<string>();
  const stack: Visit[] = [{ value: input, parent: undefined, key: '' }];
  const pathOf = (visit: Visit) => {
    const keys: string[] = [];
    for (let v: Visit | undefined = visit; v?.parent; v = v.parent) keys.push(v.key);
    return keys.reverse().slice(0, MAX_PATH_SEGMENTS).join('.') || 'body';
  };
  while (stack.length && found.size < MAX_NUL_FIELDS) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.add(pathOf(visit));
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      // Reversed onto the stack so fields are reported in the order they were sent.
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child: Visit = { value: (value as Record<string, unknown>)[key], parent: visit, key };
        if (key.includes('\u0000')) found.add(pathOf(child));
        else stack.push(child);
      }
    }
  }
  return [...found];
}
