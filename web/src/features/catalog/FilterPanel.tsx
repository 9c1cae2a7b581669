import { useState, type FormEvent } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { RUPEES, type ListFilter } from './listFilter';
import { useGetFilterChoicesQuery } from './productsApi';
import './FilterPanel.scss';

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

interface ChoiceSelectProps {
  id: string;
  label: string;
  /** The first option, for no filter. */
  any: string;
  value: string;
  onChange: (value: string) => void;
  choices: string[];
}

function ChoiceSelect({ id, label, any, value, onChange, choices }: ChoiceSelectProps) {
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select text-capitalize" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}

interface PriceInputProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The refusal of the prices, shown below both. */
  problem: string;
}

function PriceInput({ label, placeholder, value, onChange, problem }: PriceInputProps) {
  return (
    <input
      className="form-control"
      inputMode="decimal"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={problem !== ''}
      aria-describedby={problem ? 'filter-problem' : undefined}
    />
  );
}

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
      <ChoiceSelect id="filter-size" label="Size in stock" any="Any size" value={size} onChange={setSize} choices={withCurrent(choices?.sizes, filter.size)} />
      <ChoiceSelect id="filter-color" label="Colour" any="Any colour" value={color} onChange={setColor} choices={withCurrent(choices?.colors, filter.color)} />
      <fieldset>
        <legend className="form-label fs-6">Price (₹)</legend>
        <div className="d-flex align-items-center gap-2">
          <PriceInput label="Lowest price" placeholder="From" value={minPrice} onChange={setMinPrice} problem={problem} />
          <span aria-hidden="true">–</span>
          <PriceInput label="Highest price" placeholder="To" value={maxPrice} onChange={setMaxPrice} problem={problem} />
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
