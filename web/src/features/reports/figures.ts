// How the dashboard writes its figures. Only the admin's screens need these, so they load with them
// rather than with the shop's first page (src/lib/format.ts, which also writes the counts).

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const istDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** formatWholeRupees(123456.4) === "₹1,23,456": rupees rounded, Indian digit grouping. */
export function formatWholeRupees(amount: number): string {
  return wholeRupees.format(Number.isFinite(amount) ? amount : 0);
}

export { formatCount } from '../../lib/format';

/** The IST date of an instant as YYYY-MM-DD, the form date inputs and the report API take. */
export function istDate(at: Date): string {
  return istDay.format(at);
}

/** "2026-03-09" → "9 Mar", an IST day as a chart's axis shows it. */
export function shortDay(date: string): string {
  return new Date(`${date}T00:00:00+05:30`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
}
