import { Outlet, ScrollRestoration } from 'react-router';
import Container from 'react-bootstrap/Container';
import { ToastContainer } from 'react-toastify';
import AppStatus from '../features/pwa/AppStatus';
import Footer from './layout/Footer';
import Header from './layout/Header';

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
      <ToastContainer position="top-right" autoClose={5000} theme="light" />
      <ScrollRestoration />
    </div>
  );
}
