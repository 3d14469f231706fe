import type { ServerQueries } from '../lib/api/api.ts';
import { HANDOVER_ELEMENT_ID } from '../../../shared/server-render.ts';
import type { FormPostResult } from '../../../shared/server-render.ts';

/**
 * What a server-rendered page hands to the browser so hydration renders exactly the same tree with
 * no second fetch. It travels in `<script type="application/json">` (never executed, so the CSP
 * needs no 'unsafe-inline'), escaped so that no stored text can close the element.
 */
export interface Handover {
  /** The RTK Query results the render used (answers and errors alike). */
  api: ServerQueries;
  formPost: FormPostResult | null;
}

/** Reads the handover from the page, or null when the page was not server-rendered. */
export function readHandover(doc: Document): Handover | null {
  const element = doc.getElementById(HANDOVER_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as Handover;
  } catch {
    return null;
  }
}
