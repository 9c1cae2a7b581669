import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Rating from './Rating';

function stars(container: HTMLElement) {
  return {
    full: container.querySelectorAll('.star-full').length,
    half: container.querySelectorAll('.star-half').length,
    empty: container.querySelectorAll('.star-empty').length,
  };
}

describe('Rating', () => {
  it.each([
    [0, { full: 0, half: 0, empty: 5 }],
    [3.5, { full: 3, half: 1, empty: 1 }],
    // 4.3 is nearer 4.5 than 4: shown as four and a half stars
    [4.3, { full: 4, half: 1, empty: 0 }],
    [4.2, { full: 4, half: 0, empty: 1 }],
    [5, { full: 5, half: 0, empty: 0 }],
  ])('shows %s as the right stars', (value, expected) => {
    const { container } = render(<Rating value={value} />);
    expect(stars(container)).toEqual(expected);
    expect(screen.getByRole('img')).toHaveAccessibleName(`Rated ${value} out of 5`);
  });

  it('clamps values outside 0-5', () => {
    expect(stars(render(<Rating value={7} />).container)).toEqual({ full: 5, half: 0, empty: 0 });
  });

  it('shows the optional text', () => {
    render(<Rating value={4} text="12 reviews" />);
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
  });
});
