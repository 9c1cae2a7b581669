import { useSyncExternalStore } from 'react';
import { installOffer, isInstallSnoozed, promptInstall, snoozeInstall, subscribeInstallPrompt } from './installPrompt';

const snapshot = () => (installOffer() && !isInstallSnoozed() ? installOffer() : null);

/** "Install Haat": offered when the browser can install the app, unless put off in the last week. */
export default function InstallPrompt({ appName = 'Haat' }: { appName?: string }) {
  const offer = useSyncExternalStore(subscribeInstallPrompt, snapshot, () => null);
  if (!offer) return null;
  return (
    <section className="app-bar" aria-label="Install the app" data-testid="install-prompt">
      <p className="app-bar__text">
        Install {appName} for quick access and shopping on the go, even offline.
      </p>
      <div className="app-bar__actions">
        <button type="button" className="btn btn-accent btn-sm" onClick={() => void promptInstall()}>
          Install Now
        </button>
        <button type="button" className="btn btn-outline-light btn-sm" onClick={() => snoozeInstall()}>
          Maybe Later
        </button>
      </div>
    </section>
  );
}
