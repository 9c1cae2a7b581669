import { formatRupees } from '../lib/format';
import { percentOff } from '../lib/pricing';

interface PriceTagProps {
  price: number;
  mrp: number | null;
  className?: string;
}

/** The price, and when the product has an MRP above it, the MRP struck through and the % off. */
export default function PriceTag({ price, mrp, className = '' }: PriceTagProps) {
  const off = percentOff(price, mrp);
  return (
    <span className={`price-tag ${className}`}>
      <span className="price-tag__price">{formatRupees(price)}</span>
      {off > 0 && mrp !== null && (
        <>
          <s className="price-tag__mrp">
            <span className="visually-hidden">MRP </span>
            {formatRupees(mrp)}
          </s>
          <span className="price-tag__off">{off}% off</span>
        </>
      )}
    </span>
  );
}
