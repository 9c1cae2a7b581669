/**
 * Digits grouped the Indian way: the last three, then pairs (1,23,45,678). Written out rather than
 * with Intl.NumberFormat: a page's first Intl formatter loads the locale's data, some tens of
 * milliseconds of a phone's main thread on the first screen, where every card shows a price.
 */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

// Beyond this String() may write an exponent; no price or count of a shop comes near it.
const WRITTEN_OUT = 1e15;

/**
 * formatRupees(1299) === "₹1,299.00" (Indian digit grouping: ₹1,00,000.00), as Intl.NumberFormat
 * writes en-IN rupees; less than half a paisa below zero is ₹0.00 (Intl: "-₹0.00").
 */
export function formatRupees(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  if (Math.abs(value) >= WRITTEN_OUT) return value.toLocaleString('en-IN', { style: 'currency', currency: 'INR' });
  // Rounded from the number as written (1.005 is 1.01), as Intl rounds, not from its binary value times 100.
  const paise = Math.round(Number(`${Math.abs(value)}e2`));
  const sign = value < 0 && paise > 0 ? '-' : '';
  return `${sign}₹${groupIndian(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
}

/** A whole count with Indian digit grouping: formatCount(123456) === "1,23,456"; 0 for what is not a number. */
export function formatCount(n: number): string {
  const whole = Number.isFinite(n) ? Math.round(n) : 0;
  if (Math.abs(whole) >= WRITTEN_OUT) return whole.toLocaleString('en-IN');
  return `${whole < 0 ? '-' : ''}${groupIndian(Math.abs(whole))}`;
}

// Made on first use: only screens with dates need it (see groupIndian).
let dateTime: Intl.DateTimeFormat | undefined;

/**
 * Indian-locale date and 12-hour time in Asia/Kolkata, with the comma replaced by " at":
 * "22/11/2026 at 7:34 am". Returns an empty string for a missing or unparseable date.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateTime ??= new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kolkata',
  });
  return dateTime.format(date).replace(', ', ' at ');
}

/** A tag as customers read it: underscores typed by the owner (graphic_tee) show as spaces. */
export const tagLabel = (tag: string): string => tag.replace(/_+/g, ' ');
