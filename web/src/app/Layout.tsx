import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import Container from 'react-bootstrap/Container';
import AppStatus from '../features/pwa/AppStatus';
import { useIdle } from '../lib/useIdle';
import Footer from './layout/Footer';
import Header from './layout/Header';
import ScrollRestorer from './layout/ScrollRestorer';

// Not needed for the first paint: its script and styles load once the page is idle (toasts raised
// before then wait in react-toastify's queue).
const Toasts = lazy(() => import('./layout/Toasts'));

export default function Layout() {
  const idle = useIdle();
  return (
    <div className="app-shell d-flex flex-column min-vh-100">
      <Header />
      <AppStatus />
      <main className="flex-grow-1 py-4">
        <Container>
          <Outlet />
        </Container>
      </main>
      <Footer />
      {idle && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <ScrollRestorer />
    </div>
  );
}
