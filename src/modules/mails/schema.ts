import { z } from 'zod';
import { pagingSchema } from '../../validation/paging.ts';

/** `?status=&page=&limit=` of the admin's mail list: refused by default, the mails waiting for a Resend. */
export const mailListQuery = pagingSchema(20).extend({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['owed', 'sent', 'refused', 'cancelled'], { error: 'The selected status is invalid.' }).default('refused'),
  ),
});
export type MailListQuery = z.output<typeof mailListQuery>;
