import { useGetConfigQuery } from '../lib/config';

export const TEST_MODE_MESSAGE = 'Test mode: payments are simulated, no money moves.';

/** Says plainly, wherever a customer is about to pay, that the shop only simulates payments. */
export default function TestModeBanner({ className = '' }: { className?: string }) {
  const { data } = useGetConfigQuery();
  if (!data?.payment.simulator) return null;
  return (
    <p className={`alert alert-warning py-2 mb-0 small fw-semibold ${className}`} role="note">
      {TEST_MODE_MESSAGE}
    </p>
  );
}
