import { z } from 'zod';
import { confirmed, emailField, newPassword, passwordText, requiredText } from '../../validation/rules.ts';

const names = { firstname: requiredText('firstname'), lastname: requiredText('lastname') };
const confirmation = z.unknown().optional();

export const registerSchema = confirmed(
  z.object({ ...names, email: emailField(), password: newPassword(), password_confirmation: confirmation }),
);

export const loginSchema = z.object({
  email: emailField(),
  password: passwordText(),
  remember: z
    .union([z.boolean(), z.literal('on'), z.literal(1), z.literal(0)])
    .optional()
    .transform((v) => v === true || v === 'on' || v === 1),
});

export const twoFactorChallengeSchema = z.object({
  code: z.string().trim().max(100).optional().nullable(),
  recovery_code: z.string().trim().max(100).optional().nullable(),
});

export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = confirmed(
  z.object({ token: requiredText('token', 200), email: emailField(), password: newPassword(), password_confirmation: confirmation }),
);

export const confirmPasswordSchema = z.object({ password: passwordText() });

export const updatePasswordSchema = confirmed(
  z.object({ current_password: passwordText('current_password'), password: newPassword(), password_confirmation: confirmation }),
);

export const profileSchema = z.object({ ...names, email: emailField() });

export const codeSchema = z.object({ code: requiredText('code', 20) });
