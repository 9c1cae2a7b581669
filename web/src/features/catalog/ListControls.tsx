import { lazy, Suspense, useState } from 'react';
import { FaSlidersH, FaTimes } from 'react-icons/fa';
import { formatRupees } from '../../lib/format';
import { activeFilters, SORTS, useListFilter, type ListFilter, type SortKey } from './listFilter';

// The panel (react-bootstrap's Offcanvas with its transitions) loads when it is first opened, not with the home page.
const FilterPanel = lazy(() => import('./FilterPanel'));

/** The filters in use, each with the filter it leaves when removed. */
function chips(f: ListFilter): { label: string; without: ListFilter }[] {
  const out: { label: string; without: ListFilter }[] = [];
  if (f.size) out.push({ label: `Size ${f.size}`, without: { ...f, size: undefined } });
  if (f.color) out.push({ label: `Colour ${f.color}`, without: { ...f, color: undefined } });
  const [min, max] = [f.minPrice, f.maxPrice].map((p) => p && formatRupees(Number(p)));
  const price = min && max ? `${min} – ${max}` : min ? `From ${min}` : max ? `Up to ${max}` : '';
  if (price) out.push({ label: price, without: { ...f, minPrice: undefined, maxPrice: undefined } });
  return out;
}

/**
 * The sort select and the Filters button of a product list (home, search, category), with the filters in use
 * as chips that remove them. The state lives in the URL's query; a change goes to basePath, the list's first page.
 * A ranked list (a keyword search) is best match first until another sort is chosen.
 */
export default function ListControls({ basePath, ranked = false }: { basePath: string; ranked?: boolean }) {
  const { filter, apply } = useListFilter(basePath, ranked);
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted so that it can play its closing transition.
  const [opened, setOpened] = useState(false);
  const count = activeFilters(filter);
  const inUse = chips(filter);

  return (
    <div className="list-controls mb-4">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <label htmlFor="list-sort" className="list-controls__label mb-0">
          Sort by
        </label>
        <select
          id="list-sort"
          className="form-select form-select-sm list-controls__sort"
          value={filter.sort ?? (ranked ? '' : 'newest')}
          onChange={(e) => apply({ ...filter, sort: (e.target.value || undefined) as SortKey | undefined })}
        >
          {ranked && <option value="">Best match</option>}
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-sm btn-outline-dark ms-auto"
          aria-haspopup="dialog"
          aria-label={count > 0 ? `Filters, ${count} in use` : undefined}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <FaSlidersH className="me-2" aria-hidden="true" />
          Filters
          {count > 0 && (
            <span className="badge rounded-pill text-bg-dark ms-2">
              {count}
            </span>
          )}
        </button>
      </div>
      {inUse.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label="Filters in use">
          {inUse.map((c) => (
            <li key={c.label}>
              <button type="button" className="filter-chip" aria-label={`Remove ${c.label}`} onClick={() => apply(c.without)}>
                {c.label}
                <FaTimes className="ms-2" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {opened && (
        <Suspense fallback={null}>
          <FilterPanel show={open} onHide={() => setOpen(false)} filter={filter} apply={apply} />
        </Suspense>
      )}
    </div>
  );
}
