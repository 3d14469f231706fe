import { z } from 'zod';

/** Most lines one plant list (and so one quote request) may hold: a long planting schedule's (issue 19). */
export const MAX_LINES = 1000;
/** Largest quantity of one line. */
export const MAX_QUANTITY = 100_000;

export const TOO_MANY_LINES = `A plant list may hold at most ${MAX_LINES} lines.`;

/** A whole number 1…100000; text, fractions, 0, negatives and 10^9 each get their own message. */
const quantityField = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'The quantity field is required.'
          : 'The quantity field must be a whole number.',
    })
    .int({ error: 'The quantity field must be a whole number.' })
    .min(1, { error: 'The quantity field must be at least 1.' })
    .max(MAX_QUANTITY, { error: `The quantity field must not be greater than ${MAX_QUANTITY}.` });

/** A catalogue id; whether it exists is the service's question (422 there too). */
const catalogueIdField = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'The catalogue item id field is required.'
          : 'The selected catalogue item is invalid.',
    })
    .int({ error: 'The selected catalogue item is invalid.' })
    .min(1, { error: 'The selected catalogue item is invalid.' })
    .max(2_147_483_647, { error: 'The selected catalogue item is invalid.' });

const lineSchema = z.object({ catalogue_item_id: catalogueIdField(), quantity: quantityField() });
export type LineInput = z.output<typeof lineSchema>;

/**
 * A list of lines, at most MAX_LINES. The length is checked before any line is: a list of 10,000
 * bad lines is one clear message, not 10,000 field errors.
 */
export const linesField = () =>
  z.array(z.unknown(), { error: 'The lines field must be a list.' }).max(MAX_LINES, { error: TOO_MANY_LINES }).pipe(z.array(lineSchema));

/** POST /api/plant-list/lines. */
export const addLineSchema = lineSchema;
/** PATCH /api/plant-list/lines/{id}. */
export const quantitySchema = z.object({ quantity: quantityField() });
/** POST /api/plant-list/merge: the guest's list on sign-in. */
export const mergeSchema = z.object({ lines: linesField() });

/** Most named lists one buyer may keep. */
export const MAX_LISTS = 50;
export const TOO_MANY_LISTS = `You may keep at most ${MAX_LISTS} plant lists: delete one you no longer need first.`;

/** A list's name: trimmed, 1…100 characters. */
const listNameField = () =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'The name field is required.' : 'The name field must be a string.',
    })
    .trim()
    .min(1, { error: 'The name field is required.' })
    .max(100, { error: 'The name field must not be greater than 100 characters.' });

/** POST /api/plant-lists: a name and, optionally, its first lines (a matched schedule). */
export const createListSchema = z.object({ name: listNameField(), lines: linesField().optional().default([]) });
/** PATCH /api/plant-lists/{id}: a new name. */
export const renameSchema = z.object({ name: listNameField() });
