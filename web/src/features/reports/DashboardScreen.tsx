import { useState, type ReactNode } from 'react';
import { Link } from '../../components/Link';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatWholeRupees } from './figures';
import ExportOrdersForm from './ExportOrdersForm';
import NeedsActionPanel from './NeedsActionPanel';
import { useGetSummaryQuery, type Summary } from './reportsApi';
import { MethodShareChart, SalesByDayChart, TopProductsChart } from './SalesCharts';

const WINDOWS = [30, 90] as const;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="col-6 col-lg-4 col-xl-2">
      <div className="card h-100">
        <div className="card-body">
          <div className="small text-body-secondary">{label}</div>
          <div className="h4 mb-0 text-nowrap" data-testid={testId}>
            {value}
          </div>
        </div>
      </div>
    </div>
  );
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part * 100) / whole)}%` : '—');

function Figures({ s }: { s: Summary }) {
  const online = s.methodShare.find((m) => m.method === 'Razorpay')?.orders ?? 0;
  return (
    <div className="row g-3 mb-3">
      <Figure label="Revenue" value={formatWholeRupees(s.revenue)} testId="figure-revenue" />
      <Figure label="Orders" value={formatCount(s.orders)} testId="figure-orders" />
      <Figure label="Average order" value={formatWholeRupees(s.averageOrderValue)} testId="figure-aov" />
      <Figure label="Paid online" value={percent(online, s.orders)} testId="figure-online" />
      <Figure
        label="COD cancelled or returned"
        value={s.codCancelled.placed > 0 ? `${(s.codCancelled.rate * 100).toFixed(1)}%` : '—'}
        testId="figure-cod-cancelled"
      />
      <Figure label="Pre-orders to make" value={formatCount(s.preOrdersWaiting)} testId="figure-preorders" />
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card h-100" aria-label={title}>
      <div className="card-header fw-semibold">{title}</div>
      <div className="card-body">{children}</div>
    </section>
  );
}

/** /admin: how the shop is doing, what needs doing, and the orders export (admins only). */
export default function DashboardScreen() {
  const [days, setDays] = useState<number>(30);
  const { data, error, isFetching } = useGetSummaryQuery(days);
  return (
    <>
      <PageTitle title="Dashboard" />
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="page-heading mb-0">Dashboard</h1>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <div className="btn-group" role="group" aria-label="Period">
            {WINDOWS.map((n) => (
              <button
                key={n}
                type="button"
                className={`btn btn-sm ${n === days ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={n === days}
                onClick={() => setDays(n)}
              >
                Last {n} days
              </button>
            ))}
          </div>
          <Link to="/admin/productimport" className="btn btn-sm btn-outline-secondary">
            Import products
          </Link>
          <Link to="/admin/audit" className="btn btn-sm btn-outline-secondary">
            Audit log
          </Link>
        </div>
      </div>
      {error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !data ? (
        <Loader />
      ) : (
        <div aria-busy={isFetching}>
          <p className="text-body-secondary small">
            {data.from} to {data.to} (IST). Sales are orders not cancelled that are COD or paid online; revenue is what they came
            to, less what was refunded of them.
          </p>
          <Figures s={data} />
          <div className="row g-3 mb-3">
            <div className="col-lg-8">
              <Panel title="Revenue and orders per day">
                <SalesByDayChart byDay={data.byDay} />
              </Panel>
            </div>
            <div className="col-lg-4 order-first order-lg-last">
              <NeedsActionPanel items={data.needsAction} />
            </div>
          </div>
          <div className="row g-3 mb-3">
            <div className="col-lg-4">
              <Panel title="Online and COD">
                {data.methodShare.length ? <MethodShareChart share={data.methodShare} /> : <p className="mb-0">No sales yet.</p>}
              </Panel>
            </div>
            <div className="col-lg-4">
              <Panel title="Top products by units">
                <TopProductsChart products={data.topProducts.byUnits} by="units" />
              </Panel>
            </div>
            <div className="col-lg-4">
              <Panel title="Top products by revenue">
                <TopProductsChart products={data.topProducts.byRevenue} by="revenue" />
              </Panel>
            </div>
          </div>
          <div className="row g-3 mb-3">
            <div className="col-lg-6">
              <Panel title="Sizes that sold out">
                {data.soldOutSizes.length === 0 ? (
                  <p className="mb-0">No size that sold in this period is out of stock.</p>
                ) : (
                  <table className="table table-sm mb-0">
                    <thead>
                      <tr>
                        <th>Product</th>
                        <th>Colour</th>
                        <th>Size</th>
                        <th className="text-end">Units sold</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.soldOutSizes.map((z) => (
                        <tr key={`${z.productId}-${z.colour}-${z.size}`}>
                          <td>{z.name}</td>
                          <td>{z.colour}</td>
                          <td>{z.size}</td>
                          <td className="text-end">{formatCount(z.units)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Panel>
            </div>
            <div className="col-lg-6">
              <ExportOrdersForm />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
