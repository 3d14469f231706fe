import type { CatalogueTrade } from '../../../../shared/api/catalogue.ts';
import { priceForQuantity } from '../../../../shared/trade-pricing.ts';
import { penceText } from '../../../../shared/trade-text.ts';
import { availabilityText } from '../../../../shared/trade-text.ts';
import styles from './line-price.module.css';

/**
 * A line's price for an approved trade buyer at the quantity shown: "£1.99 each (100+ price, saves
 * £51.00) · Line total £199.00", and its availability; "Price on request" when it has none. Only
 * rendered when the server sent the line's trade fields (it sends them to trade viewers alone).
 */
export function LinePrice({ trade, quantity }: { trade: CatalogueTrade; quantity: number }) {
  const price = priceForQuantity(trade, quantity);
  const availability = availabilityText(trade);
  return (
    <p className={styles.price}>
      {price ? (
        <>
          <span>{penceText(price.unit_pence)} each</span>
          {price.break && price.saving_pence > 0 && (
            <span className={styles.saving}>
              {' '}
              ({price.break.min_quantity.toLocaleString('en-GB')}+ price, saves {penceText(price.saving_pence)})
            </span>
          )}
          <span>
            {' · '}Line total <strong>{penceText(price.total_pence)}</strong>
          </span>
        </>
      ) : (
        <span>Price on request</span>
      )}
      {availability && <span className={styles.availability}> · {availability}</span>}
    </p>
  );
}
