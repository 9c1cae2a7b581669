import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import WhenIdle from '../components/WhenIdle';
import { whenIdle } from '../lib/whenIdle';
import { loadScreenRoutes } from './loadScreen';
import Header from './layout/Header';
import ScrollRestorer from './layout/ScrollRestorer';

// Not needed for the first paint: their code loads once the page is idle (their styles come with the
// first stylesheet: main.tsx says why). The footer is below the first screen (the main area is a
// screen tall); the app's notices (offline, a new version, installing) show only in their case; toasts
// raised before their container is there wait in react-toastify's queue.
const OfflineBanner = lazy(() => import('../features/pwa/OfflineBanner'));
const AppStatus = lazy(() => import('../features/pwa/AppStatus'));
const Footer = lazy(() => import('./layout/Footer'));
const Toasts = lazy(() => import('./layout/Toasts'));

export default function Layout() {
  // The other screens' routes, so that a first click on a link does not wait for them.
  useEffect(() => whenIdle(() => void loadScreenRoutes()), []);
  // Each in a boundary of its own, so that none waits for another's code, and each in an idle task of
  // its own.
  const later = (part: ReactNode) => (
    <WhenIdle>
      <Suspense fallback={null}>{part}</Suspense>
    </WhenIdle>
  );
  return (
    <div className="app-shell d-flex flex-column min-vh-100">
      <Header />
      {later(<OfflineBanner />)}
      <main className="flex-grow-1 py-4">
        <div className="container">
          <Outlet />
        </div>
      </main>
      {later(<Footer />)}
      {later(<Toasts />)}
      {later(<AppStatus />)}
      <ScrollRestorer />
    </div>
  );
}
