import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import RequireRole from '../features/auth/RequireRole';
import { loadProductScreen, screen } from './loadScreen';
import { suspended } from './suspended';

// Every screen but home loads on demand, as a chunk of its own, to keep the first load small.
const ForgotPasswordScreen = lazy(screen(() => import('../features/auth/ForgotPasswordScreen')));
const LoginScreen = lazy(screen(() => import('../features/auth/LoginScreen')));
const RegisterScreen = lazy(screen(() => import('../features/auth/RegisterScreen')));
const ProductScreen = lazy(loadProductScreen);
const SearchScreen = lazy(screen(() => import('../features/catalog/SearchScreen')));
const CategoryScreen = lazy(screen(() => import('../features/catalog/CategoryScreen')));
const ProfileScreen = lazy(screen(() => import('../features/profile/ProfileScreen')));
const AddressBookScreen = lazy(screen(() => import('../features/addresses/AddressBookScreen')));
const UserListScreen = lazy(screen(() => import('../features/admin/UserListScreen')));
const UserEditScreen = lazy(screen(() => import('../features/admin/UserEditScreen')));
const ProductListScreen = lazy(screen(() => import('../features/admin/ProductListScreen')));
const ProductEditScreen = lazy(screen(() => import('../features/admin/ProductEditScreen')));
const OrderScreen = lazy(screen(() => import('../features/orders/OrderScreen')));
const OrderListScreen = lazy(screen(() => import('../features/admin/OrderListScreen')));
const StoreSettingsScreen = lazy(screen(() => import('../features/settings/StoreSettingsScreen')));
const ProductImportScreen = lazy(screen(() => import('../features/admin/ProductImportScreen')));
// The dashboard brings the chart library: it loads with the dashboard, never on the shop's pages.
const DashboardScreen = lazy(screen(() => import('../features/reports/DashboardScreen')));
const AuditScreen = lazy(screen(() => import('../features/reports/AuditScreen')));
const GstReportScreen = lazy(screen(() => import('../features/reports/GstReportScreen')));
const PreOrderListScreen = lazy(screen(() => import('../features/manufacturer/PreOrderListScreen')));
const CartScreen = lazy(screen(() => import('../features/cart/CartScreen')));
const NotFoundScreen = lazy(screen(() => import('./NotFoundScreen')));
// The three checkout steps come as one chunk.
const checkout = screen(() => import('../features/checkout'));
const ShippingScreen = lazy(() => checkout().then((m) => ({ default: m.ShippingScreen })));
const PaymentScreen = lazy(() => checkout().then((m) => ({ default: m.PaymentScreen })));
const PlaceOrderScreen = lazy(() => checkout().then((m) => ({ default: m.PlaceOrderScreen })));

/**
 * The routes of every screen but home, below the app's layout (routes.tsx renders them for any path
 * its own routes do not match).
 */
export const screenRoutes: RouteObject[] = [
  { path: 'search/:keyword', element: suspended(<SearchScreen />) },
  { path: 'search/:keyword/page/:pageNumber', element: suspended(<SearchScreen />) },
  { path: 'product/:id', element: suspended(<ProductScreen />) },
  { path: 'category/:category', element: suspended(<CategoryScreen />) },
  { path: 'category/:category/page/:pageNumber', element: suspended(<CategoryScreen />) },
  { path: 'cart', element: suspended(<CartScreen />) },
  { path: 'login', element: suspended(<LoginScreen />) },
  { path: 'register', element: suspended(<RegisterScreen />) },
  { path: 'forgot', element: suspended(<ForgotPasswordScreen />) },
  {
    element: <RequireRole />,
    children: [
      { path: 'profile', element: suspended(<ProfileScreen />) },
      { path: 'addresses', element: suspended(<AddressBookScreen />) },
      { path: 'order/:id', element: suspended(<OrderScreen />) },
      { path: 'shipping', element: suspended(<ShippingScreen />) },
      { path: 'payment', element: suspended(<PaymentScreen />) },
      { path: 'placeorder', element: suspended(<PlaceOrderScreen />) },
    ],
  },
  {
    element: <RequireRole roles={['admin']} />,
    children: [
      { path: 'admin', element: suspended(<DashboardScreen />) },
      { path: 'admin/audit', element: suspended(<AuditScreen />) },
      { path: 'admin/productimport', element: suspended(<ProductImportScreen />) },
      { path: 'admin/userlist', element: suspended(<UserListScreen />) },
      { path: 'admin/userlist/:pageNumber', element: suspended(<UserListScreen />) },
      { path: 'admin/user/:id/edit', element: suspended(<UserEditScreen />) },
      { path: 'admin/productlist', element: suspended(<ProductListScreen />) },
      { path: 'admin/productlist/:pageNumber', element: suspended(<ProductListScreen />) },
      { path: 'admin/products/:id/edit', element: suspended(<ProductEditScreen />) },
      { path: 'admin/orderlist', element: suspended(<OrderListScreen />) },
      { path: 'admin/settings', element: suspended(<StoreSettingsScreen />) },
      { path: 'admin/reports', element: suspended(<GstReportScreen />) },
    ],
  },
  {
    element: <RequireRole roles={['manufacturer', 'admin']} />,
    children: [{ path: 'manufacturer/preorderlist', element: suspended(<PreOrderListScreen />) }],
  },
  { path: '*', element: suspended(<NotFoundScreen />) },
];

export default function ScreenRoutes() {
  return useRoutes(screenRoutes);
}
