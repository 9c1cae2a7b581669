import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import CategoryScreen from '../features/catalog/CategoryScreen';
import HomeScreen from '../features/catalog/HomeScreen';
import ProductScreen from '../features/catalog/ProductScreen';
import SearchScreen from '../features/catalog/SearchScreen';
import RequireRole from '../features/auth/RequireRole';
import Layout from './Layout';
import NotFoundScreen from './NotFoundScreen';
import RouteError from './RouteError';

/** A lazily loaded screen module as a route's Component. */
const asRoute = (module: { default: ComponentType }) => ({ Component: module.default });

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
        // Admin screens load as their own chunks, fetched only when an admin opens one.
        element: <RequireRole roles={['admin']} />,
        children: [
          { path: 'admin/productlist', lazy: () => import('../features/admin/ProductListScreen').then(asRoute) },
          { path: 'admin/productlist/:pageNumber', lazy: () => import('../features/admin/ProductListScreen').then(asRoute) },
          { path: 'admin/products/:id/edit', lazy: () => import('../features/admin/ProductEditScreen').then(asRoute) },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
