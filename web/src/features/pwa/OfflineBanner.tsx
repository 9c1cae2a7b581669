import { useOnlineStatus } from './useOnlineStatus';
import './pwa.css';

/** A strip under the header while the browser is offline. */
export default function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <div className="container">
        <strong>You are offline.</strong> Pages you opened before still work; signing in, orders and payments
        need a connection.
      </div>
    </div>
  );
}
