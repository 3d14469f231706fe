import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { CapturedMail } from '../test/smtp.ts';

/** Every message the suite's SMTP server has received so far, oldest first. */
function capturedMail(): CapturedMail[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CapturedMail);
}

/** Waits for a message matching `predicate` to arrive. */
export async function waitForMail(predicate: (mail: CapturedMail) => boolean, timeoutMs = 15_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = capturedMail().find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('expected mail did not arrive');
    await new Promise((r) => setTimeout(r, 200));
  }
}
