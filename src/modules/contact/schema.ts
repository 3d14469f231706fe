import { z } from 'zod';

const required = (field: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} field must be a string.`) });

/** Trimmed text that must not be empty, with Laravel-style messages the screens show as they are. */
const text = (field: string, max: number) =>
  z
    .string(required(field))
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} field must not be greater than ${max} characters.`);

export const contactSchema = z.object({
  name: text('name', 255),
  telephone: text('telephone', 50).regex(/^[+()\d\s.-]{6,}$/, 'The telephone field must be a valid telephone number.'),
  email: text('email', 255).pipe(z.email('The email field must be a valid email address.')),
  message: text('message', 5000),
});
export type ContactInput = z.output<typeof contactSchema>;
