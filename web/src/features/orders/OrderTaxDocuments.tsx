import { FaFileInvoice } from 'react-icons/fa';
import { formatDate } from '../../lib/format';
import type { Order } from './types';

/** The order's GST invoice and credit notes, each a PDF to download. */
export default function OrderTaxDocuments({ order }: { order: Pick<Order, '_id' | 'invoice' | 'creditNotes'> }) {
  if (!order.invoice) return null;
  const latestCredit = order.creditNotes?.at(-1);
  return (
    <ul className="list-unstyled mt-3 mb-0" aria-label="Tax documents">
      <li>
        <FaFileInvoice aria-hidden="true" className="me-2" />
        Tax invoice {order.invoice.number} of {formatDate(order.invoice.date)}:{' '}
        <a href={`/api/orders/${order._id}/invoice`} download>
          Download invoice (PDF)
        </a>
      </li>
      {latestCredit && (
        <li className="mt-1">
          <FaFileInvoice aria-hidden="true" className="me-2" />
          Credit note {latestCredit.number} of {formatDate(latestCredit.date)}:{' '}
          <a href={`/api/orders/${order._id}/credit-note`} download>
            Download credit note (PDF)
          </a>
        </li>
      )}
    </ul>
  );
}
