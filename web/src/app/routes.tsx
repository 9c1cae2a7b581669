import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import Loader from '../components/Loader';
import CategoryScreen from '../features/catalog/CategoryScreen';
import HomeScreen from '../features/catalog/HomeScreen';
import ProductScreen from '../features/catalog/ProductScreen';
import SearchScreen from '../features/catalog/SearchScreen';
import RequireRole from '../features/auth/RequireRole';
import Layout from './Layout';
import NotFoundScreen from './NotFoundScreen';
import RouteError from './RouteError';

// Admin screens are chunks of their own, downloaded only when an admin opens one.
const ProductListScreen = lazy(() => import('../features/admin/ProductListScreen'));
const ProductEditScreen = lazy(() => import('../features/admin/ProductEditScreen'));

/** Shows a spinner in the main area while a screen's chunk loads. */
const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={<Loader />}>{children}</Suspense>;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeScreen /> },
      { path: 'page/:pageNumber', element: <HomeScreen /> },
      { path: 'search/:keyword', element: <SearchScreen /> },
      { path: 'search/:keyword/page/:pageNumber', element: <SearchScreen /> },
      { path: 'product/:id', element: <ProductScreen /> },
      { path: 'category/:category', element: <CategoryScreen /> },
      {
        element: <RequireRole roles={['admin']} />,
        children: [
          { path: 'admin/productlist', element: <Lazy><ProductListScreen /></Lazy> },
          { path: 'admin/productlist/:pageNumber', element: <Lazy><ProductListScreen /></Lazy> },
          { path: 'admin/products/:id/edit', element: <Lazy><ProductEditScreen /></Lazy> },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
