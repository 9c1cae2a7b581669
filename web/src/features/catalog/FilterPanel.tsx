import { useState, type FormEvent } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { RUPEES, type ListFilter } from './listFilter';
import { useGetFilterChoicesQuery } from './productsApi';

interface FilterPanelProps {
  show: boolean;
  onHide: () => void;
  filter: ListFilter;
  apply: (next: ListFilter) => void;
}

export const PRICE_FORMAT = 'Enter prices in rupees, such as 499 or 499.50.';
export const PRICE_ORDER = 'The lowest price must not be more than the highest.';

/** The choices in the URL come first, so a link with a colour the catalogue lost still shows it. */
const withCurrent = (choices: string[] | undefined, current: string | undefined) =>
  current && !(choices ?? []).includes(current) ? [current, ...(choices ?? [])] : (choices ?? []);

/** The fields of the panel, started from the filter in the URL each time that changes. */
function FilterForm({ filter, apply, onHide }: Omit<FilterPanelProps, 'show'>) {
  const { data: choices } = useGetFilterChoicesQuery();
  const [size, setSize] = useState(filter.size ?? '');
  const [color, setColor] = useState(filter.color ?? '');
  const [minPrice, setMinPrice] = useState(filter.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(filter.maxPrice ?? '');
  const [problem, setProblem] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [min, max] = [minPrice.trim(), maxPrice.trim()];
    if ((min && !RUPEES.test(min)) || (max && !RUPEES.test(max))) return setProblem(PRICE_FORMAT);
    if (min && max && Number(min) > Number(max)) return setProblem(PRICE_ORDER);
    apply({ sort: filter.sort, size: size || undefined, color: color || undefined, minPrice: min || undefined, maxPrice: max || undefined });
    onHide();
  };
  const clear = () => {
    apply({ sort: filter.sort });
    onHide();
  };

  return (
    <form onSubmit={submit} noValidate className="d-flex flex-column gap-3">
      <div>
        <label htmlFor="filter-size" className="form-label">
          Size in stock
        </label>
        <select id="filter-size" className="form-select" value={size} onChange={(e) => setSize(e.target.value)}>
          <option value="">Any size</option>
          {withCurrent(choices?.sizes, filter.size).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-color" className="form-label">
          Colour
        </label>
        <select id="filter-color" className="form-select text-capitalize" value={color} onChange={(e) => setColor(e.target.value)}>
          <option value="">Any colour</option>
          {withCurrent(choices?.colors, filter.color).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="form-label fs-6">Price (₹)</legend>
        <div className="d-flex align-items-center gap-2">
          <input
            className="form-control"
            inputMode="decimal"
            aria-label="Lowest price"
            placeholder="From"
            value={minPrice}
            onChange={(e) => setMinPrice(e.target.value)}
            aria-invalid={problem !== ''}
            aria-describedby={problem ? 'filter-problem' : undefined}
          />
          <span aria-hidden="true">–</span>
          <input
            className="form-control"
            inputMode="decimal"
            aria-label="Highest price"
            placeholder="To"
            value={maxPrice}
            onChange={(e) => setMaxPrice(e.target.value)}
            aria-invalid={problem !== ''}
            aria-describedby={problem ? 'filter-problem' : undefined}
          />
        </div>
        {problem && (
          <div id="filter-problem" className="invalid-feedback d-block" role="alert">
            {problem}
          </div>
        )}
      </fieldset>
      <div className="d-flex gap-2 mt-2">
        <button type="button" className="btn btn-outline-secondary flex-fill" onClick={clear}>
          Clear filters
        </button>
        <button type="submit" className="btn btn-accent flex-fill">
          Show products
        </button>
      </div>
    </form>
  );
}

/** The filter panel: a drawer from the right on wide screens, a sheet from the bottom on phones. */
export default function FilterPanel({ show, onHide, filter, apply }: FilterPanelProps) {
  const wide = window.matchMedia?.('(min-width: 768px)').matches ?? true;
  return (
    <Offcanvas show={show} onHide={onHide} placement={wide ? 'end' : 'bottom'} className="filter-panel" aria-labelledby="filter-title">
      <Offcanvas.Header closeButton closeLabel="Close filters">
        <Offcanvas.Title as="h2" id="filter-title" className="h5 mb-0">
          Filters
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <FilterForm key={JSON.stringify(filter)} filter={filter} apply={apply} onHide={onHide} />
      </Offcanvas.Body>
    </Offcanvas>
  );
}
