import type { Knex } from 'knex';

export type TradeStatus = 'pending' | 'approved' | 'rejected' | 'suspended' | 'revoked';

/**
 * Stores a trade application for a user directly (as if applied and decided), for tests that need
 * a buyer in a given trade state without going through the routes; its id.
 */
export async function insertTradeApplication(db: Knex, userId: number, status: TradeStatus = 'pending'): Promise<number> {
  const [row] = await db('trade_applications')
    .insert({
      user_id: userId,
      company_name: 'Acme Landscapes',
      business_type: 'landscaper',
      company_number: '01234567',
      delivery_postcode: 'TN26 1AA',
      invoice_email: 'accounts@example.com',
      status,
      decided_at: status === 'pending' ? null : db.fn.now(),
    })
    .returning('id');
  return (row as { id: number }).id;
}
