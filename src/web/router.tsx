import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AddToCartButton, addToCartAction } from './features/cart/add-to-cart-button';
import { HomePage } from './features/home/home-page';
import { NotFoundPage } from './layout/NotFoundPage';
import { RequireRole, RequireVendorAccess } from './layout/RequireRole';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './layout/RouteError';

// Each page but the home page is its own chunk, fetched when first opened (a phone on a slow
// connection downloads only what it shows).
const ForgotPasswordPage = lazy(() =>
  import('./features/auth/password-reset-pages').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/auth/password-reset-pages').then((m) => ({ default: m.ResetPasswordPage })),
);
const TeamInvitePage = lazy(() =>
  import('./features/auth/team-invite-page').then((m) => ({ default: m.TeamInvitePage })),
);
const AdminLoginPage = lazy(() =>
  import('./features/admin/admin-login-page').then((m) => ({ default: m.AdminLoginPage })),
);
// The admin panel edits with the ERP's project dialog and the vendor's product form: composed here, as below.
const AdminDashboardPage = lazy(() =>
  Promise.all([
    import('./features/admin/admin-dashboard-page'),
    import('./features/erp/project-form-modal'),
    import('./features/erp/project-deletion'),
    import('./features/vendor/product-form-modal'),
  ]).then(([page, project, deletion, product]) => {
    const parts = {
      ProjectDialog: project.ProjectDialog,
      ProjectDeletionSummary: deletion.ProjectDeletionSummary,
      ProductDialog: product.ProductDialog,
      ProductFormSkeleton: product.ProductFormSkeleton,
    };
    return { default: () => <page.AdminDashboardPage parts={parts} /> };
  }),
);
const AdminIndexPage = lazy(() => import('./features/admin/admin-routes').then((m) => ({ default: m.AdminIndexPage })));
const ErpLoginPage = lazy(() => import('./features/erp/erp-login-page').then((m) => ({ default: m.ErpLoginPage })));
const ErpRegisterPage = lazy(() =>
  import('./features/erp/erp-register-page').then((m) => ({ default: m.ErpRegisterPage })),
);
const ErpDashboardPage = lazy(() =>
  import('./features/erp/erp-dashboard-page').then((m) => ({ default: m.ErpDashboardPage })),
);
const LoginPage = lazy(() => import('./features/auth/login-page').then((m) => ({ default: m.LoginPage })));
// The merchant's dashboard shows the referrals and the profile's email preferences (composed here, as below).
const MerchantDashboardPage = lazy(() =>
  Promise.all([
    import('./features/merchant/merchant-dashboard-page'),
    import('./features/referrals/referrals-section'),
    import('./features/profile/email-preferences-section'),
  ]).then(([page, r, e]) => ({
    default: () => (
      <page.MerchantDashboardPage
        referralsSection={r.ReferralsSection}
        emailPreferencesSection={e.EmailPreferencesSection}
      />
    ),
  })),
);
const StandeePage = lazy(() => import('./features/merchant/standee-page').then((m) => ({ default: m.StandeePage })));
const MerchantRegisterPage = lazy(() =>
  import('./features/auth/merchant-register-page').then((m) => ({ default: m.MerchantRegisterPage })),
);
const RegisterPage = lazy(() => import('./features/auth/register-page').then((m) => ({ default: m.RegisterPage })));
const VendorRegisterPage = lazy(() =>
  import('./features/auth/vendor-register-page').then((m) => ({ default: m.VendorRegisterPage })),
);
// The cart page goes on to the checkout feature's panel, which offers the profile's Add Address dialog:
// composed here, as features import no other feature.
const CartPage = lazy(() =>
  Promise.all([
    import('./features/cart/cart-page'),
    import('./features/checkout/checkout-panel'),
    import('./features/profile/address-form-modal'),
  ]).then(([page, c, a]) => {
    const CheckoutPanel = (props: { pointsToUse: number; onBack: () => void; couponFromLink: string | null }) => (
      <c.CheckoutPanel {...props} addressFormModal={a.AddressFormModal} />
    );
    return { default: () => <page.CartPage checkoutPanel={CheckoutPanel} /> };
  }),
);
// The pages that show products are given the cart feature's Add to Cart (composed here, as above).
const ProductPage = lazy(() =>
  import('./features/catalog/product-page').then((m) => ({
    default: () => <m.ProductPage addToCartButton={AddToCartButton} />,
  })),
);
const ShopPage = lazy(() =>
  import('./features/catalog/shop-page').then((m) => ({
    default: () => <m.ShopPage addToCartAction={addToCartAction} />,
  })),
);
const SearchPage = lazy(() =>
  import('./features/catalog/search-page').then((m) => ({
    default: () => <m.SearchPage addToCartAction={addToCartAction} />,
  })),
);
const AboutPage = lazy(() => import('./features/info/about-page').then((m) => ({ default: m.AboutPage })));
const BecomeVendorPage = lazy(() =>
  import('./features/info/become-vendor-page').then((m) => ({ default: m.BecomeVendorPage })),
);
const ContactPage = lazy(() => import('./features/info/contact-page').then((m) => ({ default: m.ContactPage })));
const HelpPage = lazy(() => import('./features/info/help-page').then((m) => ({ default: m.HelpPage })));
const HowItWorksPage = lazy(() =>
  import('./features/info/how-it-works-page').then((m) => ({ default: m.HowItWorksPage })),
);
const PrivacyPage = lazy(() => import('./features/info/privacy-page').then((m) => ({ default: m.PrivacyPage })));
const ReturnsPage = lazy(() => import('./features/info/returns-page').then((m) => ({ default: m.ReturnsPage })));
const TermsPage = lazy(() => import('./features/info/terms-page').then((m) => ({ default: m.TermsPage })));
const NotificationsPage = lazy(() =>
  import('./features/notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const OrdersPage = lazy(() => import('./features/orders/orders-page').then((m) => ({ default: m.OrdersPage })));
// The profile page shows the vendor feature's profile to a vendor, auth's account settings and the referrals:
// composed here, as features import no other feature.
const ProfilePage = lazy(() =>
  Promise.all([
    import('./features/profile/profile-page'),
    import('./features/vendor/vendor-profile'),
    import('./features/auth/account-settings'),
    import('./features/referrals/referrals-section'),
  ]).then(([page, v, a, r]) => ({
    default: () => (
      <page.ProfilePage
        vendorProfile={v.VendorProfile}
        accountSettings={a.AccountSettings}
        referralsSection={r.ReferralsSection}
      />
    ),
  })),
);
// The vendor's Promotions tab is the super admin's, in the vendor's workspace (loaded when opened).
const PromotionsTab = lazy(() => import('./features/admin/promotions-tab').then((m) => ({ default: m.PromotionsTab })));
const VendorDashboardPage = lazy(() =>
  import('./features/vendor/vendor-dashboard-page').then((m) => ({
    default: () => <m.VendorDashboardPage promotionsTab={PromotionsTab} />,
  })),
);
const WalletPage = lazy(() => import('./features/wallet/wallet-page').then((m) => ({ default: m.WalletPage })));

/** Every route of SPEC.md's route list, under the shared layout. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // A page that fails to render or to load keeps the header and footer around its error.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage addToCartAction={addToCartAction} /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'team-invite', element: <TeamInvitePage /> },
          { path: 'vendor/register', element: <VendorRegisterPage /> },
          { path: 'merchant/register', element: <MerchantRegisterPage /> },
          {
            path: 'merchant/dashboard',
            element: (
              <RequireRole roles={['merchant']}>
                <MerchantDashboardPage />
              </RequireRole>
            ),
          },
          {
            path: 'merchant/standee',
            element: (
              <RequireRole roles={['merchant']}>
                <StandeePage />
              </RequireRole>
            ),
          },
          { path: 'shop/:id', element: <ShopPage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'orders', element: <OrdersPage /> },
          { path: 'wallet', element: <WalletPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'product/:id', element: <ProductPage /> },
          {
            path: 'vendor/dashboard',
            element: (
              <RequireVendorAccess otherwise="/login">
                <VendorDashboardPage />
              </RequireVendorAccess>
            ),
          },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'admin', element: <AdminIndexPage /> },
          { path: 'admin/login', element: <AdminLoginPage /> },
          { path: 'admin/invite', element: <AdminLoginPage /> },
          { path: 'admin/dashboard', element: <AdminDashboardPage /> },
          { path: 'admin/*', element: <AdminDashboardPage /> },
          { path: 'erp', element: <ErpLoginPage /> },
          { path: 'erp-register', element: <ErpRegisterPage /> },
          { path: 'erp/dashboard', element: <ErpDashboardPage /> },
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
    ],
  },
];

export const router = createBrowserRouter(routes);
