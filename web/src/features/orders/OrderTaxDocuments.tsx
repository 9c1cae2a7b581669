import { FaFileInvoice } from 'react-icons/fa';
import { formatDate } from '../../lib/format';
import type { Order } from './types';

/** The order's GST invoice and every credit note against it (one a return or cancellation), each a PDF to download. */
export default function OrderTaxDocuments({ order }: { order: Pick<Order, '_id' | 'invoice' | 'creditNotes'> }) {
  if (!order.invoice) return null;
  return (
    <ul className="list-unstyled mt-3 mb-0" aria-label="Tax documents">
      <li>
        <FaFileInvoice aria-hidden="true" className="me-2" />
        Tax invoice {order.invoice.number} of {formatDate(order.invoice.date)}:{' '}
        <a href={`/api/orders/${order._id}/invoice`} download>
          Download invoice (PDF)
        </a>
      </li>
      {order.creditNotes?.map((note) => (
        <li key={note.number} className="mt-1">
          <FaFileInvoice aria-hidden="true" className="me-2" />
          Credit note {note.number} of {formatDate(note.date)}:{' '}
          <a
            href={`/api/orders/${order._id}/credit-note?number=${encodeURIComponent(note.number)}`}
            download
            aria-label={`Download credit note ${note.number} (PDF)`}
          >
            Download credit note (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
