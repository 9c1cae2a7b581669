import { Link, type AppPath } from '../../components/Link';
import { formatCount } from './figures';
import type { Summary } from './reportsApi';

/** What each count of the panel means and where the admin deals with it. A key the app does not know yet still shows. */
const ACTIONS: Record<string, { label: string; to: AppPath }> = {
  toShip: { label: 'Orders to ship', to: '/admin/orderlist?status=toShip' },
  paymentsFlagged: { label: 'Payments flagged', to: '/admin/orderlist' },
  lowStock: { label: 'Sizes low on stock', to: '/admin/productlist' },
  preOrdersToMake: { label: 'Pre-orders to make', to: '/manufacturer/preorderlist' },
  awaitingConfirmation: { label: 'Orders to confirm', to: '/admin/orderlist?status=awaitingConfirmation' },
  returnRequested: { label: 'Returns requested', to: '/admin/orderlist?status=returnRequested' },
  refundFailed: { label: 'Refunds failed', to: '/admin/orderlist?status=refundFailed' },
};

/** The dashboard's to-do list: one line per kind of work waiting, with its count. */
export default function NeedsActionPanel({ items }: { items: Summary['needsAction'] }) {
  return (
    <div className="card h-100" data-testid="needs-action">
      <div className="card-header fw-semibold">Needs action</div>
      <ul className="list-group list-group-flush">
        {items.map(({ key, count }) => {
          const action = ACTIONS[key] ?? { label: key, to: '/admin' };
          return (
            <li key={key} className="list-group-item d-flex justify-content-between align-items-center">
              <Link to={action.to}>{action.label}</Link>
              <span className={`badge rounded-pill ${count > 0 ? 'bg-warning text-dark' : 'bg-secondary'}`}>{formatCount(count)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
