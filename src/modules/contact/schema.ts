import { z } from 'zod';
import { emailField, requiredText } from '../../validation/rules.ts';

export const contactSchema = z.object({
  name: requiredText('name', 255),
  telephone: requiredText('telephone', 50).regex(/^[+()\d\s.-]{6,}$/, 'The telephone field must be a valid telephone number.'),
  email: emailField(),
  message: requiredText('message', 5000),
});
export type ContactInput = z.output<typeof contactSchema>;
