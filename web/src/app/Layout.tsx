import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import Container from 'react-bootstrap/Container';
import AppStatus from '../features/pwa/AppStatus';
import Footer from './layout/Footer';
import Header from './layout/Header';
import ScrollRestorer from './layout/ScrollRestorer';

// Not needed for the first paint: its script and styles load right after.
const Toasts = lazy(() => import('./layout/Toasts'));

export default function Layout() {
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
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ScrollRestorer />
    </div>
  );
}
