import { useState } from 'react';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useGetAuditQuery, type AuditEntry } from './reportsApi';

/** The actions the log records (shop/audit.go), as the filter offers them. */
const ACTIONS: Record<string, string> = {
  'product.created': 'Product created',
  'product.updated': 'Product edited',
  'product.published': 'Product published',
  'product.deleted': 'Product deleted',
  'product.imported': 'Product imported',
  'user.updated': 'User edited',
  'user.role': 'Role changed',
  'user.deleted': 'User deleted',
  'order.paid': 'Order marked paid',
  'order.delivered': 'Order delivered',
  'order.manufactured': 'Pre-order made',
  'order.confirmed': 'Order confirmed',
  'order.shipped': 'Order shipped',
  'order.cancelled': 'Order cancelled',
  'order.returnApproved': 'Return approved',
  'order.returnRejected': 'Return rejected',
  'order.returnReceived': 'Return received',
  'order.refundEntered': 'Refund entered by hand',
  'order.refundRetried': 'Refund tried again',
  'settings.updated': 'Settings changed',
};

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The fields an entry changed, before → after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].sort();
  if (keys.length === 0) return <span className="text-body-secondary">—</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {keys.map((k) => (
        <li key={k}>
          <strong>{k}</strong>: {k in entry.before ? show(entry.before[k]) : '—'} → {k in entry.after ? show(entry.after[k]) : '—'}
        </li>
      ))}
    </ul>
  );
}

/** /admin/audit: who changed what and when, newest first, with filters. Read only. */
export default function AuditScreen() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { data, error, isFetching } = useGetAuditQuery({ page, action, from, to });
  const filter = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setPage(1);
  };
  return (
    <>
      <PageTitle title="Audit log" />
      <h1 className="page-heading">Audit log</h1>
      <form className="row g-2 mb-3" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <div className="col-sm-4">
          <label htmlFor="audit-action" className="form-label small">
            Change
          </label>
          <select id="audit-action" className="form-select" value={action} onChange={filter(setAction)}>
            <option value="">Every change</option>
            {Object.entries(ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-sm-4">
          <label htmlFor="audit-from" className="form-label small">
            From
          </label>
          <input id="audit-from" type="date" className="form-control" value={from} onChange={filter(setFrom)} />
        </div>
        <div className="col-6 col-sm-4">
          <label htmlFor="audit-to" className="form-label small">
            To
          </label>
          <input id="audit-to" type="date" className="form-control" value={to} onChange={filter(setTo)} />
        </div>
      </form>
      {error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !data ? (
        <Loader />
      ) : data.entries.length === 0 ? (
        <Message>No changes recorded{action || from || to ? ' that match' : ''}.</Message>
      ) : (
        <div className="table-responsive" aria-busy={isFetching}>
          <table className="table table-sm">
            <thead>
              <tr>
                <th>When</th>
                <th>Who</th>
                <th>Change</th>
                <th>Of</th>
                <th>Before → after</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e._id} data-testid="audit-row">
                  <td className="text-nowrap">{formatDate(e.at)}</td>
                  <td>
                    {e.actorName} <span className="text-body-secondary small">({e.actorRole}, {e.address})</span>
                  </td>
                  <td>{ACTIONS[e.action] ?? e.action}</td>
                  <td>
                    {e.targetType} {e.target || e.targetId}
                  </td>
                  <td>
                    <Changes entry={e} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="d-flex gap-2 align-items-center" aria-label="Pages">
            <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </button>
            <span className="small">
              Page {data.page} of {Math.max(1, data.pages)}
            </span>
            <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
              Older
            </button>
          </nav>
        </div>
      )}
    </>
  );
}
