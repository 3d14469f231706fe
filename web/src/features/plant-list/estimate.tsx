import type { CatalogueTrade } from '../../../../shared/api/catalogue.ts';
import { estimateTotal } from '../../../../shared/trade-pricing.ts';
import { penceText } from '../../../../shared/trade-text.ts';
import styles from './line-price.module.css';

/**
 * "Estimated total £1,234.50 excl. VAT" over the lines that have a price at their quantity, and
 * how many it leaves out ("price on request"). Only for a trade buyer (lines with trade fields).
 */
export function EstimatedTotal({
  lines,
  className,
}: {
  lines: { trade: CatalogueTrade | undefined; quantity: number }[];
  className?: string;
}) {
  const estimate = estimateTotal(lines);
  return (
    <p className={className ?? styles.price}>
      Estimated total <strong>{penceText(estimate.total_pence)}</strong> excl. VAT
      {estimate.unpriced > 0 && (
        <>
          {' '}
          (not including {estimate.unpriced} {estimate.unpriced === 1 ? 'line' : 'lines'} priced on request)
        </>
      )}
      .
    </p>
  );
}
