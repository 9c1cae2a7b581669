import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { FaChevronLeft, FaChevronRight } from 'react-icons/fa';
import { IMAGE_SIZES, responsiveImage } from '../../lib/images';

/** A swipe must move more than this many pixels sideways to change the picture (SPEC.md §9). */
export const SWIPE_THRESHOLD = 40;
/** The pictures advance on their own every 5 s (SPEC.md §9). */
export const IMAGE_INTERVAL = 5000;

/**
 * Which way a finished swipe goes: 1 for the next picture (finger moved left), -1 for the previous
 * one (moved right), 0 when it moved no more than the threshold or mostly up and down.
 */
export function swipeStep(dx: number, dy = 0): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

interface ImageCarouselProps {
  images: string[];
  /** What the pictures show, e.g. "Cricket Club Polo - navy". */
  label: string;
  interval?: number;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
}

/**
 * The pictures of one colour of a product: arrows, indicators, auto-advance (paused while the
 * pointer is over it or a finger is on it) and swipe by touch, pen or mouse drag. Remount it
 * (key) for another colour so that it starts at the first picture.
 */
export default function ImageCarousel({ images, label, interval = IMAGE_INTERVAL }: ImageCarouselProps) {
  const count = images.length;
  const [rawIndex, setIndex] = useState(0);
  // Never past the end, should the pictures change under it.
  const index = Math.min(rawIndex, Math.max(0, count - 1));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const drag = useRef<Drag | null>(null);
  const [dragging, setDragging] = useState(false);

  const go = (step: number) => setIndex((((index + step) % count) + count) % count);

  // Restarts whenever the picture changes, so a manual change gets a full interval too. Rests
  // while the pointer is over it, a finger is on it or the keyboard is in it.
  useEffect(() => {
    if (count < 2 || hovered || focused || dragging) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % count), interval);
    return () => window.clearTimeout(timer);
  }, [index, count, hovered, focused, dragging, interval]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (count < 2 || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY };
    setDragging(true);
    // Keep receiving the moves when the finger leaves the picture.
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = e.clientX - d.x;
    // The picture follows the finger sideways, for feedback.
    setOffset(Math.abs(dx) > Math.abs(e.clientY - d.y) ? dx : 0);
  };

  const endDrag = (e: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    setDragging(false);
    setOffset(0);
    if (cancelled) return;
    const step = swipeStep(e.clientX - d.x, e.clientY - d.y);
    if (step !== 0) go(step);
  };

  if (count === 0) return null;

  return (
    <section
      className="image-carousel"
      aria-roledescription="carousel"
      aria-label={`Pictures of ${label}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(e) => setFocused(e.target.matches(':focus-visible'))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="image-carousel__viewport rounded shadow-sm"
        data-testid="image-carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endDrag(e, false)}
        onPointerCancel={(e) => endDrag(e, true)}
        onDragStart={(e) => e.preventDefault()}
      >
        <div
          className={`image-carousel__track${dragging ? ' is-dragging' : ''}`}
          style={{ transform: `translateX(calc(${-index * 100}% + ${offset}px))` }}
        >
          {images.map((src, i) => (
            <div
              key={`${i}-${src}`}
              className={`image-carousel__slide${i === index ? ' active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
            >
              <img
                alt={`${label}, picture ${i + 1} of ${count}`}
                {...responsiveImage(src, { sizes: IMAGE_SIZES.productPage, priority: i === 0, lazy: false })}
                draggable={false}
                className="product-detail__image"
              />
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="image-carousel__arrow image-carousel__arrow--prev"
            onClick={() => go(-1)}
            aria-label="Previous picture"
          >
            <FaChevronLeft aria-hidden="true" />
          </button>
          <button
            type="button"
            className="image-carousel__arrow image-carousel__arrow--next"
            onClick={() => go(1)}
            aria-label="Next picture"
          >
            <FaChevronRight aria-hidden="true" />
          </button>
          <div className="image-carousel__indicators">
            {images.map((src, i) => (
              <button
                key={`${i}-${src}`}
                type="button"
                className={i === index ? 'active' : undefined}
                aria-label={`Show picture ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
