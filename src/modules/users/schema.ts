import { z } from 'zod';
import { TRADE_STATUSES } from '../../../shared/api/trade.ts';
import { pagingSchema } from '../../validation/paging.ts';
import { confirmed, emailField, newPassword, requiredText } from '../../validation/rules.ts';
import type { Role } from './model.ts';

const role = z.enum(['user', 'admin'] as const satisfies readonly Role[], {
  error: (issue) => (issue.input === undefined || issue.input === null ? 'The role field is required.' : 'The selected role is invalid.'),
});
const confirmation = z.unknown().optional();
/** A form's empty password box means "leave the password alone". */
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/** POST /api/users: every field required; the role is exactly `user` or `admin`. */
export const createUserSchema = confirmed(
  z.object({
    firstname: requiredText('firstname'),
    lastname: requiredText('lastname'),
    email: emailField(),
    role,
    password: newPassword(),
    password_confirmation: confirmation,
  }),
);
export type CreateUserInput = z.output<typeof createUserSchema>;

/**
 * PATCH /api/users/{id}: the fields given are validated and changed, the rest kept. A password,
 * when given, must be confirmed. Unknown keys are dropped, so nothing else can be assigned.
 */
export const updateUserSchema = z
  .object({
    firstname: requiredText('firstname').optional(),
    lastname: requiredText('lastname').optional(),
    email: emailField().optional(),
    role: role.optional(),
    password: z.preprocess(blankAsMissing, newPassword().optional()),
    password_confirmation: confirmation,
  })
  .superRefine((value, ctx) => {
    if (value.password !== undefined && value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'The password field confirmation does not match.' });
    }
  });
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** Users per page of the admin list (the server's default too). */
const USERS_PAGE_SIZE = 25;

const blankAsNone = (value: unknown) => (value === '' ? undefined : value);
const yesNo = (field: string) =>
  z.preprocess(blankAsNone, z.enum(['yes', 'no'], { error: `The ${field} filter must be yes or no.` }).optional());

/**
 * GET /api/users: one page of the list, searched (name, email or company: every word must match
 * one of them) and filtered; a blank value is no filter. Bad values are a 422 naming the field.
 */
export const userListSchema = z.object({
  ...pagingSchema(USERS_PAGE_SIZE).shape,
  q: z.preprocess(
    blankAsNone,
    z.string({ error: 'The search must be text.' }).trim().max(200, 'The search must not be greater than 200 characters.').optional(),
  ),
  role: z.preprocess(
    blankAsNone,
    z.enum(['user', 'admin'] as const satisfies readonly Role[], { error: 'The selected role is invalid.' }).optional(),
  ),
  verified: yesNo('verified'),
  two_factor: yesNo('two-factor'),
  trade: z.preprocess(blankAsNone, z.enum([...TRADE_STATUSES, 'none'], { error: 'The selected trade status is invalid.' }).optional()),
});
export type UserListQuery = z.output<typeof userListSchema>;
