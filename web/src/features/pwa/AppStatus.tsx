import { useBrandName } from '../../lib/config';
import InstallPrompt from './InstallPrompt';
import UpdatePrompt from './UpdatePrompt';
import './pwa.css';

/**
 * The update and install bars, floating at the bottom of the window. The layout puts them after the
 * page in the document: a node put before the main area, once the page is drawn, made the browser work
 * out the style and layout of the whole page again. The offline strip (OfflineBanner) goes under the
 * header, and adds a node only when the browser is offline.
 */
export default function AppStatus() {
  const appName = useBrandName();
  return (
    <div className="app-bars">
      <UpdatePrompt />
      <InstallPrompt appName={appName} />
    </div>
  );
}
