import type { Deps } from '../../src/deps.ts';
import { insertUser } from '../auth.ts';
import { insertTradeApplication } from '../trade.ts';

/** Text of exactly `length` characters, not all ASCII (a column's limit counts characters). */
const longText = (length: number, seed: string) => (seed + 'ŁódźÆble '.repeat(Math.ceil(length / 9))).slice(0, length).replace(/ $/, 'x');

let count = 0;

/**
 * An address of exactly 255 characters that the email rule accepts: a 64-character local part
 * and a domain of labels up to 63 characters. Unique per call.
 */
function maxLengthEmail(): string {
  const local = `max${++count}.${Date.now()}`.padEnd(64, 'x');
  const domain = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(50), 'example.com'].join('.');
  return `${local}@${domain}`;
}

/**
 * A verified user whose every field is at the longest the forms accept (names 255, email 255)
 * and, for a buyer, an approved trade account with the longest company name and invoice address:
 * whatever the site derives from them (a quote request's name "first last", its company…) must
 * still fit its own column.
 */
export async function insertMaxLengthUser(deps: Pick<Deps, 'db'>, role: 'user' | 'admin') {
  const created = await insertUser(deps, { role, email: maxLengthEmail() });
  const names = { firstname: longText(255, 'First'), lastname: longText(255, 'Last') };
  await deps.db('users').where({ id: created.user.id }).update(names);
  if (role === 'user') {
    const application = await insertTradeApplication(deps.db, created.user.id, 'approved');
    await deps
      .db('trade_applications')
      .where({ id: application })
      .update({ company_name: longText(200, 'Company'), invoice_email: maxLengthEmail() });
  }
  return { ...created, ...names };
}
