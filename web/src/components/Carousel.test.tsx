import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import Carousel from './Carousel';

const names = { previous: 'Previous', next: 'Next', show: (n: number) => `Show ${n}` };

function renderLinks(onOpen: (n: number) => void) {
  const slides = [1, 2, 3].map((n) => ({
    key: String(n),
    content: (
      <a
        href={`#${n}`}
        onClick={(e) => {
          e.preventDefault();
          onOpen(n);
        }}
      >
        Slide {n}
      </a>
    ),
  }));
  render(<Carousel slides={slides} label="Things" names={names} interval={3000} className="things" />);
  return screen.getByTestId('carousel-viewport');
}

const shown = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');

describe('Carousel', () => {
  it('opens the link of the slide in view on a tap, but not at the end of a swipe', () => {
    const onOpen = vi.fn();
    const viewport = renderLinks(onOpen);
    const link = screen.getByRole('link', { name: 'Slide 1' });

    fireEvent.pointerDown(link, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerUp(link, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith(1);
    expect(shown()).toBe('Show 1');

    onOpen.mockClear();
    fireEvent.pointerDown(link, { pointerId: 2, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerMove(viewport, { pointerId: 2, pointerType: 'touch', clientX: 150, clientY: 100 });
    fireEvent.pointerUp(viewport, { pointerId: 2, pointerType: 'touch', clientX: 100, clientY: 100 });
    fireEvent.click(link);
    expect(onOpen).not.toHaveBeenCalled();
    expect(shown()).toBe('Show 2');

    // The next tap opens its slide again.
    const second = screen.getByRole('link', { name: 'Slide 2' });
    fireEvent.pointerDown(second, { pointerId: 3, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerUp(second, { pointerId: 3, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.click(second);
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it("lets a mouse click that wobbled reach the link, and takes the pointer only once the mouse drags", () => {
    const capture = vi.fn();
    HTMLElement.prototype.setPointerCapture = capture;
    try {
      const onOpen = vi.fn();
      renderLinks(onOpen);
      const link = screen.getByRole('link', { name: 'Slide 1' });
      fireEvent.pointerDown(link, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 200, clientY: 100 });
      fireEvent.pointerMove(link, { pointerId: 1, pointerType: 'mouse', clientX: 202, clientY: 101 });
      fireEvent.pointerUp(link, { pointerId: 1, pointerType: 'mouse', clientX: 202, clientY: 101 });
      fireEvent.click(link);
      expect(capture).not.toHaveBeenCalled();
      expect(onOpen).toHaveBeenCalledWith(1);

      fireEvent.pointerDown(link, { pointerId: 2, pointerType: 'mouse', button: 0, clientX: 200, clientY: 100 });
      fireEvent.pointerMove(link, { pointerId: 2, pointerType: 'mouse', clientX: 180, clientY: 101 });
      expect(capture).toHaveBeenCalledWith(2);
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).setPointerCapture;
    }
  });

  it('lets a later click through after a swipe that made none (a finger)', async () => {
    const onOpen = vi.fn();
    const viewport = renderLinks(onOpen);
    fireEvent.pointerDown(viewport, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerMove(viewport, { pointerId: 1, pointerType: 'touch', clientX: 150, clientY: 100 });
    fireEvent.pointerUp(viewport, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 });
    expect(shown()).toBe('Show 2');
    await new Promise((resolve) => setTimeout(resolve));
    // Enter on the link, from the keyboard: a click with no pointer before it.
    fireEvent.click(screen.getByRole('link', { name: 'Slide 2' }));
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it('keeps the slides out of view away from the keyboard and screen readers', () => {
    renderLinks(() => {});
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Slide 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 3' }));
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Slide 3']);
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((s) => s.hasAttribute('inert'))).toEqual([true, true, false]);
  });
});
