import { useBrandName } from '../../lib/config';
import InstallPrompt from './InstallPrompt';
import OfflineBanner from './OfflineBanner';
import UpdatePrompt from './UpdatePrompt';
import './pwa.css';

/** The app's own notices: offline (under the header), and the update and install bars (at the bottom). */
export default function AppStatus() {
  const appName = useBrandName();
  return (
    <>
      <OfflineBanner />
      <div className="app-bars">
        <UpdatePrompt />
        <InstallPrompt appName={appName} />
      </div>
    </>
  );
}
