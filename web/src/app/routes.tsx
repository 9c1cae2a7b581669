import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import Loader from '../components/Loader';
import HomeScreen from '../features/catalog/HomeScreen';
import Layout from './Layout';
import { loadScreenRoutes } from './loadScreen';
import RouteError from './RouteError';

// Every screen but home loads on demand, as a chunk of its own, to keep the first load small; so do
// their routes (screenRoutes.tsx), which the first screen does not need either.
const ScreenRoutes = lazy(loadScreenRoutes);

/** Shows a spinner in the main area while a screen's chunk loads. */
const suspended = (screen: ReactNode) => <Suspense fallback={<Loader />}>{screen}</Suspense>;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeScreen /> },
      { path: 'page/:pageNumber', element: <HomeScreen /> },
      { path: '*', element: suspended(<ScreenRoutes />) },
    ],
  },
];
