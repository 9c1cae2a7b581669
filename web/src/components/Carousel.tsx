import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { FaChevronLeft, FaChevronRight } from 'react-icons/fa';
import './Carousel.css';

/** A swipe must move more than this many pixels sideways to change the slide (SPEC.md §9). */
export const SWIPE_THRESHOLD = 40;
/** A mouse that moves this far sideways while pressed is dragging, not clicking. */
const DRAG_SLOP = 10;

/**
 * Which way a finished swipe goes: 1 for the next slide (finger moved left), -1 for the previous
 * one (moved right), 0 when it moved no more than the threshold or mostly up and down.
 */
export function swipeStep(dx: number, dy = 0): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

export interface Slide {
  key: string;
  content: ReactNode;
  /** Set on the slide's element, for tests that pick out slides. */
  testId?: string;
}

/** What the controls say, in the words of what the carousel shows: "Next picture", "Show picture 2". */
export interface CarouselNames {
  previous: string;
  next: string;
  show: (n: number) => string;
}

interface CarouselProps {
  slides: Slide[];
  /** The region's name, e.g. "Top products". */
  label: string;
  names: CarouselNames;
  /** How long each slide stays before the next comes, in ms. */
  interval: number;
  /** The look: the block's own class, added to the carousel's. */
  className: string;
  viewportClassName?: string;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
}

/**
 * Slides in a row, one in view: arrows, indicators, auto-advance (paused while the mouse is over it,
 * a finger is on it or the keyboard is in it) and swipe by touch, pen or mouse drag. Slides out of
 * view are inert, so neither the keyboard nor a screen reader lands in them. Remount it (key) to
 * start again at the first slide.
 *
 * It is the shop's one carousel (the product's pictures, the home page's top products), light enough
 * to mount once the home page is idle without a long task: no transition library, one element per
 * slide and a track that moves by transform.
 */
export default function Carousel({ slides, label, names, interval, className, viewportClassName = '' }: CarouselProps) {
  const count = slides.length;
  const [rawIndex, setIndex] = useState(0);
  // Never past the end, should the slides change under it.
  const index = Math.min(rawIndex, Math.max(0, count - 1));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const drag = useRef<Drag | null>(null);
  const [dragging, setDragging] = useState(false);
  // A swipe that ends over a slide's link is not a click on it.
  const swiped = useRef(false);

  const go = (step: number) => setIndex((((index + step) % count) + count) % count);

  // Restarts whenever the slide changes, so a manual change gets a full interval too.
  useEffect(() => {
    if (count < 2 || hovered || focused || dragging) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % count), interval);
    return () => window.clearTimeout(timer);
  }, [index, count, hovered, focused, dragging, interval]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (count < 2 || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY };
    setDragging(true);
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const sideways = Math.abs(dx) > Math.abs(e.clientY - d.y);
    // A mouse dragging the slide keeps its moves when it leaves the carousel (a finger or pen keeps
    // them anyway). Not before it drags: a captured pointer's click goes to the viewport, so a click
    // that wobbled a pixel would not reach the slide's link.
    if (e.pointerType === 'mouse' && sideways && Math.abs(dx) > DRAG_SLOP) e.currentTarget.setPointerCapture?.(e.pointerId);
    // The slide follows the finger sideways, for feedback.
    setOffset(sideways ? dx : 0);
  };

  const endDrag = (e: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    setDragging(false);
    setOffset(0);
    if (cancelled) return;
    const step = swipeStep(e.clientX - d.x, e.clientY - d.y);
    if (step === 0) return;
    go(step);
    // The click a swipe makes, if any, comes in this same task (a finger's makes none); one later
    // (the keyboard's Enter on a link) is the visitor's own.
    swiped.current = true;
    window.setTimeout(() => (swiped.current = false));
  };

  if (count === 0) return null;

  return (
    <section
      className={`carousel-box ${className}`}
      aria-roledescription="carousel"
      aria-label={label}
      // A mouse over it pauses it; a finger's tap on an arrow does not, though the browser says the
      // mouse entered then.
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onFocus={(e) => setFocused(e.target.matches(':focus-visible'))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className={`carousel-box__viewport ${viewportClassName}`}
        data-testid="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endDrag(e, false)}
        onPointerCancel={(e) => endDrag(e, true)}
        onDragStart={(e) => e.preventDefault()}
        onClickCapture={(e) => {
          if (!swiped.current) return;
          swiped.current = false;
          e.preventDefault();
          e.stopPropagation();
        }}
      >
        <div
          className={`carousel-box__track${dragging ? ' is-dragging' : ''}`}
          style={{ transform: `translateX(calc(${-index * 100}% + ${offset}px))` }}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className={`carousel-box__slide${i === index ? ' active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
              inert={i !== index}
              data-testid={slide.testId}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <button type="button" className="carousel-box__arrow carousel-box__arrow--prev" onClick={() => go(-1)} aria-label={names.previous}>
            <FaChevronLeft aria-hidden="true" />
          </button>
          <button type="button" className="carousel-box__arrow carousel-box__arrow--next" onClick={() => go(1)} aria-label={names.next}>
            <FaChevronRight aria-hidden="true" />
          </button>
          <div className="carousel-box__indicators">
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className={i === index ? 'active' : undefined}
                aria-label={names.show(i + 1)}
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
