import type { RouteObject } from 'react-router';
import CategoryScreen from '../features/catalog/CategoryScreen';
import HomeScreen from '../features/catalog/HomeScreen';
import ProductScreen from '../features/catalog/ProductScreen';
import SearchScreen from '../features/catalog/SearchScreen';
import Layout from './Layout';
import NotFoundScreen from './NotFoundScreen';
import RouteError from './RouteError';

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
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
