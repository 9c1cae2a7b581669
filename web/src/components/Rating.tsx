import type { CSSProperties } from 'react';

/** A 0-5 value as the stars show it: rounded to the nearest half star. */
export function starsFor(value: number): number {
  const v = Number.isFinite(value) ? Math.min(5, Math.max(0, value)) : 0;
  return Math.round(v * 2) / 2;
}

interface RatingProps {
  value: number;
  text?: string;
}

/**
 * Five stars, solid up to the value and outlined after it. They are drawn by the stylesheet
 * (.rating-stars) on one element: a page of product cards would otherwise build ten SVG elements
 * per card, a good share of the home page's first render.
 */
export default function Rating({ value, text }: RatingProps) {
  const shown = Number.isFinite(value) ? Math.round(value * 10) / 10 : 0;
  return (
    <div className="rating d-flex align-items-center gap-2">
      <span
        className="rating-stars"
        role="img"
        aria-label={`Rated ${shown} out of 5`}
        style={{ '--stars': starsFor(value) } as CSSProperties}
      />
      {text && <span className="rating-text small text-body-secondary">{text}</span>}
    </div>
  );
}
