import { FaTimes, FaTshirt } from 'react-icons/fa';
import { formatDate } from '../../lib/format';
import type { OrderItem } from './types';

/**
 * A date and time ("22/11/2026 at 7:34 am") that may wrap between the day and the time, never inside
 * either, so that a table of several dates fits a laptop's screen.
 */
export function DateTime({ date }: { date: string }) {
  const text = formatDate(date);
  const at = text.indexOf(' at ');
  if (at < 0) return <span className="text-nowrap">{text}</span>;
  return (
    <span>
      <span className="text-nowrap">{text.slice(0, at)}</span> <span className="text-nowrap">{text.slice(at + 1)}</span>
    </span>
  );
}

/** A paid or delivered date, or a red ✗ with words for screen readers and phones. */
export function DateOrCross({ date, missing }: { date: string | null | undefined; missing: string }) {
  if (date) return <DateTime date={date} />;
  return (
    <span className="not-yet text-nowrap">
      <FaTimes aria-hidden="true" className="me-1" />
      {missing}
    </span>
  );
}

const MAX_AVATARS = 3;

/** The items' pictures as small overlapping round avatars, with +n for the rest. */
export function ItemAvatars({ items }: { items: OrderItem[] }) {
  const shown = items.slice(0, MAX_AVATARS);
  const more = items.length - shown.length;
  return (
    <span className="order-avatars" data-testid="order-avatars">
      {shown.map((item, i) =>
        item.images?.[0] ? (
          <img key={i} src={item.images[0]} alt={item.name} title={item.name} width={36} height={36} loading="lazy" />
        ) : (
          <span key={i} className="order-avatars__empty" role="img" aria-label={item.name} title={item.name}>
            <FaTshirt aria-hidden="true" />
          </span>
        ),
      )}
      {more > 0 && (
        <span className="order-avatars__more" title={`${more} more`}>
          +{more}
        </span>
      )}
    </span>
  );
}
