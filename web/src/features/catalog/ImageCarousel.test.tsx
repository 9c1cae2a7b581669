import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SWIPE_THRESHOLD, swipeStep } from '../../components/Carousel';
import ImageCarousel from './ImageCarousel';

const images = ['/uploads/a.png', '/uploads/b.png', '/uploads/c.png'];

function renderCarousel() {
  render(<ImageCarousel images={images} label="Polo - navy" />);
  return screen.getByTestId('carousel-viewport');
}

/** The number of the picture shown, from the indicator marked current. */
const shown = () => Number(screen.getByRole('button', { current: true }).getAttribute('aria-label')!.replace('Show picture ', ''));

function swipe(el: HTMLElement, dx: number, dy = 0) {
  fireEvent.pointerDown(el, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 100, button: 0 });
  fireEvent.pointerMove(el, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx / 2, clientY: 100 + dy / 2 });
  fireEvent.pointerUp(el, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 100 + dy });
}

describe('ImageCarousel', () => {
  afterEach(() => vi.useRealTimers());

  it('labels every picture and shows the first one', () => {
    renderCarousel();
    expect(screen.getByRole('region', { name: 'Pictures of Polo - navy' })).toBeInTheDocument();
    const pics = screen.getAllByRole('img', { hidden: true });
    expect(pics.map((p) => p.getAttribute('src'))).toEqual(images);
    expect(pics[0]).toHaveAccessibleName('Polo - navy, picture 1 of 3');
    expect(shown()).toBe(1);
    expect(screen.getByRole('img', { name: 'Polo - navy, picture 1 of 3' })).toBeVisible();
  });

  it('changes the picture only for a swipe of more than 40 px', () => {
    expect(SWIPE_THRESHOLD).toBe(40);
    const viewport = renderCarousel();
    swipe(viewport, -39);
    expect(shown()).toBe(1);
    swipe(viewport, -40);
    expect(shown()).toBe(1);
    swipe(viewport, -41);
    expect(shown()).toBe(2);
    swipe(viewport, 39);
    expect(shown()).toBe(2);
    swipe(viewport, 41);
    expect(shown()).toBe(1);
    // Wraps around backwards from the first
    swipe(viewport, 60);
    expect(shown()).toBe(3);
  });

  it('ignores a mostly vertical movement and a cancelled gesture (the page scrolled)', () => {
    const viewport = renderCarousel();
    swipe(viewport, -50, 80);
    expect(shown()).toBe(1);
    fireEvent.pointerDown(viewport, { pointerId: 2, clientX: 200, clientY: 100 });
    fireEvent.pointerCancel(viewport, { pointerId: 2, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(viewport, { pointerId: 2, clientX: 100, clientY: 100 });
    expect(shown()).toBe(1);
    expect(swipeStep(-41, 10)).toBe(1);
    expect(swipeStep(41, -10)).toBe(-1);
    expect(swipeStep(-41, 41)).toBe(0);
  });

  it('has arrows and indicators', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(shown()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 3' }));
    expect(shown()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(shown()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(shown()).toBe(3);
    expect(screen.getAllByRole('group', { hidden: true })[2]).not.toHaveAttribute('aria-hidden', 'true');
  });

  it('advances every 5 s and pauses while the pointer is over it', () => {
    vi.useFakeTimers();
    renderCarousel();
    act(() => void vi.advanceTimersByTime(4999));
    expect(shown()).toBe(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(shown()).toBe(2);
    fireEvent.pointerEnter(screen.getByRole('region'), { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(20_000));
    expect(shown()).toBe(2);
    fireEvent.pointerLeave(screen.getByRole('region'), { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(5000));
    expect(shown()).toBe(3);
  });

  it('goes on advancing after a finger taps it (the browser says the mouse entered then)', () => {
    vi.useFakeTimers();
    renderCarousel();
    fireEvent.pointerEnter(screen.getByRole('region'), { pointerType: 'touch' });
    fireEvent.mouseEnter(screen.getByRole('region'));
    fireEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(shown()).toBe(2);
    act(() => void vi.advanceTimersByTime(5000));
    expect(shown()).toBe(3);
  });

  it('pauses while the keyboard is in it', () => {
    vi.useFakeTimers();
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next picture' });
    // jsdom has no :focus-visible; a focus from the keyboard is what the carousel asks about.
    vi.spyOn(next, 'matches').mockImplementation((selector) => selector === ':focus-visible');
    act(() => next.focus());
    act(() => void vi.advanceTimersByTime(20_000));
    expect(shown()).toBe(1);
    act(() => next.blur());
    act(() => void vi.advanceTimersByTime(5000));
    expect(shown()).toBe(2);
  });

  it('has no controls for a single picture', () => {
    render(<ImageCarousel images={['/uploads/a.png']} label="Tee - red" />);
    expect(screen.getByRole('img', { name: 'Tee - red, picture 1 of 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
