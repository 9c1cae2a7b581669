import { FaRegStar, FaStar, FaStarHalfAlt } from 'react-icons/fa';

export type StarKind = 'full' | 'half' | 'empty';

/** Five stars for a 0-5 value rounded to the nearest half star. */
export function starsFor(value: number): StarKind[] {
  const v = Number.isFinite(value) ? Math.min(5, Math.max(0, value)) : 0;
  const halves = Math.round(v * 2);
  return [1, 2, 3, 4, 5].map((i) => (halves >= i * 2 ? 'full' : halves === i * 2 - 1 ? 'half' : 'empty'));
}

interface RatingProps {
  value: number;
  text?: string;
}

export default function Rating({ value, text }: RatingProps) {
  const shown = Number.isFinite(value) ? Math.round(value * 10) / 10 : 0;
  return (
    <div className="rating d-flex align-items-center gap-2">
      <span className="rating-stars" role="img" aria-label={`Rated ${shown} out of 5`}>
        {starsFor(value).map((kind, i) =>
          kind === 'full' ? (
            <FaStar key={i} className="star star-full" aria-hidden="true" />
          ) : kind === 'half' ? (
            <FaStarHalfAlt key={i} className="star star-half" aria-hidden="true" />
          ) : (
            <FaRegStar key={i} className="star star-empty" aria-hidden="true" />
          ),
        )}
      </span>
      {text && <span className="rating-text small text-body-secondary">{text}</span>}
    </div>
  );
}
