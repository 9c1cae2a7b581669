import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import Loader from '../components/Loader';
import RequireRole from '../features/auth/RequireRole';
import HomeScreen from '../features/catalog/HomeScreen';
import Layout from './Layout';
import NotFoundScreen from './NotFoundScreen';
import RouteError from './RouteError';

// Screens only signed-in users (or admins) see load on demand, as chunks of their own.
const ForgotPasswordScreen = lazy(() => import('../features/auth/ForgotPasswordScreen'));
const LoginScreen = lazy(() => import('../features/auth/LoginScreen'));
const RegisterScreen = lazy(() => import('../features/auth/RegisterScreen'));
const ProductScreen = lazy(() => import('../features/catalog/ProductScreen'));
const SearchScreen = lazy(() => import('../features/catalog/SearchScreen'));
const CategoryScreen = lazy(() => import('../features/catalog/CategoryScreen'));
const ProfileScreen = lazy(() => import('../features/profile/ProfileScreen'));
const UserListScreen = lazy(() => import('../features/admin/UserListScreen'));
const UserEditScreen = lazy(() => import('../features/admin/UserEditScreen'));
const ProductListScreen = lazy(() => import('../features/admin/ProductListScreen'));
const ProductEditScreen = lazy(() => import('../features/admin/ProductEditScreen'));

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
      { path: 'search/:keyword', element: suspended(<SearchScreen />) },
      { path: 'search/:keyword/page/:pageNumber', element: suspended(<SearchScreen />) },
      { path: 'product/:id', element: suspended(<ProductScreen />) },
      { path: 'category/:category', element: suspended(<CategoryScreen />) },
      { path: 'login', element: suspended(<LoginScreen />) },
      { path: 'register', element: suspended(<RegisterScreen />) },
      { path: 'forgot', element: suspended(<ForgotPasswordScreen />) },
      {
        element: <RequireRole />,
        children: [{ path: 'profile', element: suspended(<ProfileScreen />) }],
      },
      {
        element: <RequireRole roles={['admin']} />,
        children: [
          { path: 'admin/userlist', element: suspended(<UserListScreen />) },
          { path: 'admin/user/:id/edit', element: suspended(<UserEditScreen />) },
          { path: 'admin/productlist', element: suspended(<ProductListScreen />) },
          { path: 'admin/productlist/:pageNumber', element: suspended(<ProductListScreen />) },
          { path: 'admin/products/:id/edit', element: suspended(<ProductEditScreen />) },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
