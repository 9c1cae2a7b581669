import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface NavMenuProps {
  /** The id of the toggle button, which also labels the menu. */
  id?: string;
  title: ReactNode;
  /** 'end' lines the menu up with the right edge of its toggle. */
  align?: 'end';
  /** Called after an item was chosen (for example to close the phone menu). */
  onSelect?: () => void;
  /** Links and buttons with className="dropdown-item". */
  children: ReactNode;
}

const items = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('.dropdown-item:not(:disabled):not(.disabled)') ?? []);

/**
 * A drop-down menu of the navigation bar, with Bootstrap's classes: opens on click, Enter, Space or
 * Arrow Down; arrows move between items; Escape, a click or focus elsewhere, or a chosen item close it.
 * (Bootstrap's own drop-down brings a positioning library the header does not need.)
 */
export default function NavMenu({ id, title, align, onSelect, children }: NavMenuProps) {
  const ownId = useId();
  const toggleId = id ?? ownId;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current) {
      focusFirst.current = false;
      items(menu.current)[0]?.focus();
    }
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (!open) {
      focusFirst.current = true;
      setOpen(true);
      return;
    }
    const list = items(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? Math.min(at + 1, list.length - 1) : Math.max(at - 1, 0);
    list[next]?.focus();
  };

  return (
    <div ref={root} className={`nav-item dropdown${open ? ' show' : ''}`} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        id={toggleId}
        type="button"
        className={`dropdown-toggle nav-link${open ? ' show' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {title}
      </button>
      {open && (
        <div
          ref={menu}
          aria-labelledby={toggleId}
          data-bs-popper="static"
          className={`dropdown-menu show${align === 'end' ? ' dropdown-menu-end' : ''}`}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('.dropdown-item')) {
              setOpen(false);
              onSelect?.();
            }
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
