import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useIdle } from '../lib/useIdle';
import Header from './layout/Header';
import ScrollRestorer from './layout/ScrollRestorer';

// Not needed for the first paint: their code (and styles) load once the page is idle. The footer is
// below the first screen (the main area is a screen tall); the app's notices (offline, a new version,
// installing) show only in their case; toasts raised before their container is there wait in
// react-toastify's queue.
const AppStatus = lazy(() => import('../features/pwa/AppStatus'));
const Footer = lazy(() => import('./layout/Footer'));
const Toasts = lazy(() => import('./layout/Toasts'));

export default function Layout() {
  const idle = useIdle();
  return (
    <div className="app-shell d-flex flex-column min-vh-100">
      <Header />
      {idle && (
        <Suspense fallback={null}>
          <AppStatus />
        </Suspense>
      )}
      <main className="flex-grow-1 py-4">
        <div className="container">
          <Outlet />
        </div>
      </main>
      {idle && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {idle && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <ScrollRestorer />
    </div>
  );
}
