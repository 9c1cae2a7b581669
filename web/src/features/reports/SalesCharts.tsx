import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type TooltipItem,
} from 'chart.js';
import { Bar, Chart, Doughnut } from 'react-chartjs-2';
import { formatCount, formatWholeRupees, shortDay } from './figures';
import type { ProductSales, Summary } from './reportsApi';

// Only the parts these charts draw, so the chunk carries no more of Chart.js than they need.
ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

const REVENUE = '#1f6f5c';
const ORDERS = '#c2410c';
const METHOD_COLOURS = { COD: ORDERS, Razorpay: REVENUE } as const;

const money = (v: string | number) => formatWholeRupees(Number(v));

/**
 * The hover label of a chart, as its plugin options. The plugin is named through its id, not written
 * out: the unused-CSS pass keeps Bootstrap's rules for every word of the source that is a class name,
 * and Bootstrap has one of that name, which the shop would then load on every page.
 */
const hoverLabel = <T extends 'bar' | 'line' | 'doughnut'>(label: (item: TooltipItem<T>) => string) => ({
  [Tooltip.id]: { callbacks: { label } },
});

/** Revenue (bars, left axis) and orders (line, right axis) per IST day. */
export function SalesByDayChart({ byDay }: { byDay: Summary['byDay'] }) {
  return (
    <div style={{ height: 280 }}>
      <Chart
        type="bar"
        role="img"
        aria-label="Revenue and orders per day"
        data={{
          labels: byDay.map((d) => shortDay(d.date)),
          datasets: [
            { type: 'bar', label: 'Revenue', data: byDay.map((d) => d.revenue), backgroundColor: REVENUE, yAxisID: 'revenue', order: 2 },
            {
              type: 'line',
              label: 'Orders',
              data: byDay.map((d) => d.orders),
              borderColor: ORDERS,
              backgroundColor: ORDERS,
              pointRadius: 0,
              borderWidth: 2,
              yAxisID: 'orders',
              order: 1,
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          scales: {
            revenue: { position: 'left', beginAtZero: true, ticks: { callback: money } },
            orders: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, ticks: { precision: 0 } },
          },
          plugins: hoverLabel<'bar' | 'line'>(
            (item) => `${item.dataset.label}: ${item.dataset.label === 'Revenue' ? money(item.parsed.y ?? 0) : formatCount(item.parsed.y ?? 0)}`,
          ),
        }}
      />
    </div>
  );
}

/** Online against COD, by revenue. */
export function MethodShareChart({ share }: { share: Summary['methodShare'] }) {
  return (
    <div style={{ height: 220 }}>
      <Doughnut
        role="img"
        aria-label="Revenue paid online and by COD"
        data={{
          labels: share.map((m) => (m.method === 'COD' ? 'COD' : 'Online')),
          datasets: [{ data: share.map((m) => m.revenue), backgroundColor: share.map((m) => METHOD_COLOURS[m.method]) }],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          plugins: hoverLabel<'doughnut'>((item) => `${item.label}: ${money(item.parsed)}`),
        }}
      />
    </div>
  );
}

/** The top products as horizontal bars of units or revenue. */
export function TopProductsChart({ products, by }: { products: ProductSales[]; by: 'units' | 'revenue' }) {
  if (products.length === 0) return <p className="mb-0">No sales yet.</p>;
  const format = by === 'units' ? (v: string | number) => formatCount(Number(v)) : money;
  return (
    <div style={{ height: products.length * 30 + 50 }}>
      <Bar
        role="img"
        aria-label={`Top products by ${by}`}
        data={{
          labels: products.map((p) => p.name),
          datasets: [
            { label: by === 'units' ? 'Units' : 'Revenue', data: products.map((p) => p[by]), backgroundColor: by === 'units' ? ORDERS : REVENUE },
          ],
        }}
        options={{
          indexAxis: 'y',
          maintainAspectRatio: false,
          animation: false,
          scales: { x: { beginAtZero: true, ticks: { callback: format, precision: 0 } } },
          plugins: { legend: { display: false }, ...hoverLabel<'bar'>((item) => format(item.parsed.x ?? 0)) },
        }}
      />
    </div>
  );
}
