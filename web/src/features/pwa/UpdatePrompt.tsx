import { useServiceWorker } from './useServiceWorker';

/** Tells the visitor a new version of the app is ready, with a Reload button that switches to it. */
export default function UpdatePrompt() {
  const { needRefresh, reload, dismiss } = useServiceWorker();
  if (!needRefresh) return null;
  return (
    <section className="app-bar" aria-label="App update" role="status" data-testid="update-prompt">
      <p className="app-bar__text">A new version is available.</p>
      <div className="app-bar__actions">
        <button type="button" className="btn btn-accent btn-sm" onClick={reload}>
          Reload
        </button>
        <button type="button" className="btn btn-outline-light btn-sm" onClick={dismiss}>
          Not now
        </button>
      </div>
    </section>
  );
}
