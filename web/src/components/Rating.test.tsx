import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Rating, { starsFor } from './Rating';

/** How many stars the stylesheet fills in. */
function filled(container: HTMLElement) {
  return container.querySelector<HTMLElement>('.rating-stars')?.style.getPropertyValue('--stars');
}

describe('Rating', () => {
  it.each([
    [0, '0'],
    [3.5, '3.5'],
    // 4.3 is nearer 4.5 than 4: shown as four and a half stars
    [4.3, '4.5'],
    [4.2, '4'],
    [5, '5'],
  ])('shows %s as %s stars', (value, stars) => {
    const { container } = render(<Rating value={value} />);
    expect(filled(container)).toBe(stars);
    expect(screen.getByRole('img')).toHaveAccessibleName(`Rated ${value} out of 5`);
  });

  it('clamps values outside 0-5, and shows no stars for a missing value', () => {
    expect(filled(render(<Rating value={7} />).container)).toBe('5');
    expect(starsFor(-1)).toBe(0);
    expect(starsFor(Number.NaN)).toBe(0);
  });

  it('shows the optional text', () => {
    render(<Rating value={4} text="12 reviews" />);
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
  });
});
