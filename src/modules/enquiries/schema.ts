import { z } from 'zod';

/** PATCH /api/enquiries/{id}: exactly a boolean (a form's "true"/"false" text is not guessed at). */
export const handleSchema = z.object({
  handled: z.boolean({
    error: (issue) => (issue.input === undefined ? 'The handled field is required.' : 'The handled field must be true or false.'),
  }),
});
