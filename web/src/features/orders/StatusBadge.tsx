import Badge from 'react-bootstrap/Badge';
import { STATUS_LABEL, type OrderStatus } from './types';

const BG: Record<OrderStatus, string> = {
  awaitingPayment: 'warning',
  awaitingConfirmation: 'warning',
  placed: 'primary',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'secondary',
  expired: 'secondary',
  returnRequested: 'warning',
  returned: 'dark',
};

/** An order's status as a coloured badge. */
export default function StatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const bg = BG[status] ?? 'secondary';
  return (
    <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined} className={className} data-testid="order-status">
      {STATUS_LABEL[status] ?? status}
    </Badge>
  );
}
