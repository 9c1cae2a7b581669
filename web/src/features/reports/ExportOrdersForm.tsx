import { useState } from 'react';
import { FaFileCsv } from 'react-icons/fa';
import { istDate } from './figures';
import { ordersCsvHref } from './reportsApi';

/** Downloads the orders of a date range as CSV, one row per order line; the last 30 days to begin with. */
export default function ExportOrdersForm() {
  const [to, setTo] = useState(() => istDate(new Date()));
  const [from, setFrom] = useState(() => istDate(new Date(Date.now() - 29 * 24 * 3600 * 1000)));
  const valid = from !== '' && to !== '' && from <= to;
  return (
    <form className="card" aria-labelledby="export-orders-title" onSubmit={(e) => e.preventDefault()}>
      <div className="card-header fw-semibold" id="export-orders-title">
        Export orders
      </div>
      <div className="card-body d-flex flex-wrap gap-3 align-items-center">
        <div>
          <label htmlFor="export-from" className="form-label">
            From
          </label>
          <input id="export-from" type="date" className="form-control" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <label htmlFor="export-to" className="form-label">
            To
          </label>
          <input id="export-to" type="date" className="form-control" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </div>
        <a
          className={`btn btn-primary${valid ? '' : ' disabled'}`}
          aria-disabled={!valid}
          href={valid ? ordersCsvHref(from, to) : undefined}
          download
        >
          <FaFileCsv aria-hidden /> Download CSV
        </a>
      </div>
    </form>
  );
}
