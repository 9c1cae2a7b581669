import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import HomeScreen from '../features/catalog/HomeScreen';
import Layout from './Layout';
import { loadScreenRoutes } from './loadScreen';
import RouteError from './RouteError';
import { suspended } from './suspended';

// Every screen but home loads on demand, as a chunk of its own, to keep the first load small; so do
// their routes (screenRoutes.tsx), which the first screen does not need either.
const ScreenRoutes = lazy(loadScreenRoutes);

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
