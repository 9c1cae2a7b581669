import { useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { Link, type AppPath } from './Link';

interface PaginateProps {
  pages: number;
  page: number;
  /** Set on search pages: links become /search/{keyword}/page/{n}. */
  keyword?: string;
  /**
   * The link of page n on other lists, e.g. (n) => `/admin/productlist/${n}`; the current query is added
   * unless the link has one of its own (a list whose page number is in the query).
   */
  hrefFor?: (n: number) => AppPath;
}

export function pageHref(n: number, keyword?: string): AppPath {
  return keyword ? `/search/${encodeURIComponent(keyword)}/page/${n}` : `/page/${n}`;
}

/** Page numbers to show: all of them when few, else the ends and a window around the current one. */
export function pageWindow(pages: number, page: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(page - 1, pages - 4));
  const to = Math.min(pages - 1, Math.max(page + 1, 5));
  const items: (number | 'gap')[] = [1];
  if (from > 2) items.push('gap');
  for (let n = from; n <= to; n++) items.push(n);
  if (to < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}

/**
 * One item of Bootstrap's pagination, as react-bootstrap's Pagination.Item writes it (plain markup:
 * the home page shows it, and react-bootstrap's would bring its code to the first screen): a link, or
 * the current page or a missing one as text.
 */
function Item({ to, state, children }: { to?: AppPath; state?: 'active' | 'disabled'; children: ReactNode }) {
  return (
    <li className={`page-item${state ? ` ${state}` : ''}`}>
      {to ? (
        <Link to={to} className="page-link">
          {children}
        </Link>
      ) : state === 'active' ? (
        <span className="page-link" aria-current="page">
          {children}
          <span className="visually-hidden">(current)</span>
        </span>
      ) : (
        <span className="page-link">{children}</span>
      )}
    </li>
  );
}

interface StepProps {
  target: number;
  pages: number;
  href: (n: number) => AppPath;
  symbol: string;
  label: string;
}

/** Previous / Next: a link when the target page exists, else a disabled item. */
function Step({ target, pages, href, symbol, label }: StepProps) {
  const content = (
    <>
      <span aria-hidden="true">{symbol}</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
  return target >= 1 && target <= pages ? <Item to={href(target)}>{content}</Item> : <Item state="disabled">{content}</Item>;
}

/** Every page link keeps the list's query (its sort, filters or search), so paging never drops them. */
export default function Paginate({ pages, page, keyword, hrefFor }: PaginateProps) {
  const { search } = useLocation();
  if (pages <= 1) return null;
  const path = hrefFor ?? ((n: number) => pageHref(n, keyword));
  // A list that keeps its page in the query builds the whole query itself.
  const href = (n: number): AppPath => (path(n).includes('?') ? path(n) : `${path(n)}${search}`);
  return (
    <nav aria-label="Pages" className="d-flex justify-content-center mt-4">
      <ul className="mb-0 flex-wrap pagination">
        <Step target={page - 1} pages={pages} href={href} symbol="‹" label="Previous page" />
        {pageWindow(pages, page).map((n, i) =>
          n === 'gap' ? (
            <Item key={`gap-${i}`} state="disabled">
              <span aria-hidden="true">…</span>
              <span className="visually-hidden">More</span>
            </Item>
          ) : n === page ? (
            <Item key={n} state="active">
              {n}
            </Item>
          ) : (
            <Item key={n} to={href(n)}>
              {n}
            </Item>
          ),
        )}
        <Step target={page + 1} pages={pages} href={href} symbol="›" label="Next page" />
      </ul>
    </nav>
  );
}
