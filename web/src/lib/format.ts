const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** formatRupees(1299) === "₹1,299.00" (Indian digit grouping: ₹1,00,000.00). */
export function formatRupees(amount: number): string {
  return rupees.format(Number.isFinite(amount) ? amount : 0);
}

/**
 * Indian-locale date and 12-hour time in Asia/Kolkata, with the comma replaced by " at":
 * "22/11/2026 at 7:34 am". Returns an empty string for a missing or unparseable date.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTime.format(date).replace(', ', ' at ');
}

/** A tag as customers read it: underscores typed by the owner (graphic_tee) show as spaces. */
export const tagLabel = (tag: string): string => tag.replace(/_+/g, ' ');
