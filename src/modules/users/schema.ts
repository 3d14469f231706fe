import { z } from 'zod';
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
