import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from './features/auth/login-page';
import { MerchantRegisterPage } from './features/auth/merchant-register-page';
import { RegisterPage } from './features/auth/register-page';
import { VendorRegisterPage } from './features/auth/vendor-register-page';
import { CartPage } from './features/cart/cart-page';
import { ProductPage } from './features/catalog/product-page';
import { SearchPage } from './features/catalog/search-page';
import { HomePage } from './features/home/home-page';
import { AboutPage } from './features/info/about-page';
import { BecomeVendorPage } from './features/info/become-vendor-page';
import { ContactPage } from './features/info/contact-page';
import { HelpPage } from './features/info/help-page';
import { HowItWorksPage } from './features/info/how-it-works-page';
import { PrivacyPage } from './features/info/privacy-page';
import { ReturnsPage } from './features/info/returns-page';
import { TermsPage } from './features/info/terms-page';
import { OrdersPage } from './features/orders/orders-page';
import { ProfilePage } from './features/profile/profile-page';
import { VendorDashboardPage } from './features/vendor/vendor-dashboard-page';
import { WalletPage } from './features/wallet/wallet-page';
import { NotFoundPage } from './layout/NotFoundPage';
import { RequireRole } from './layout/RequireRole';
import { RootLayout } from './layout/RootLayout';
import { UpcomingPage } from './layout/UpcomingPage';

const upcoming = (path: string, title: string): RouteObject => ({ path, element: <UpcomingPage title={title} /> });

/** Every route of SPEC.md's route list, under the shared layout. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'vendor/register', element: <VendorRegisterPage /> },
      { path: 'merchant/register', element: <MerchantRegisterPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'wallet', element: <WalletPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'product/:id', element: <ProductPage /> },
      {
        path: 'vendor/dashboard',
        element: (
          <RequireRole roles={['vendor']} otherwise="/login">
            <VendorDashboardPage />
          </RequireRole>
        ),
      },
      { path: 'profile', element: <ProfilePage /> },
      upcoming('admin', 'Super Admin'),
      upcoming('admin/login', 'Super Admin Login'),
      upcoming('admin/dashboard', 'Admin Dashboard'),
      upcoming('admin/*', 'Admin Dashboard'),
      upcoming('erp', 'Employee Login'),
      upcoming('erp-register', 'Employee Registration'),
      upcoming('erp/dashboard', 'ERP Dashboard'),
      { path: 'about', element: <AboutPage /> },
      { path: 'how-it-works', element: <HowItWorksPage /> },
      { path: 'become-vendor', element: <BecomeVendorPage /> },
      { path: 'help', element: <HelpPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'returns', element: <ReturnsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
