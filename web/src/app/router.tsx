import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import AppErrorBoundary from './AppErrorBoundary';
import { routes } from './routes';

function AppRoutes() {
  const { pathname } = useLocation();
  return <AppErrorBoundary resetKey={pathname}>{useRoutes(routes)}</AppErrorBoundary>;
}

/**
 * The app's router: react-router's declarative mode (BrowserRouter + useRoutes). The app loads its
 * data with RTK Query, not with route loaders, and a data router (createBrowserRouter) would add its
 * engine, some 16 KB gzipped, to every first visit. routes.tsx stays a RouteObject list, so tests
 * mount the same routes in createMemoryRouter. Screens use only hooks both modes have (useNavigate,
 * useParams, useLocation, useSearchParams, Link, Navigate, Outlet): not loaders, useRouteError,
 * ScrollRestoration or useBlocker.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
