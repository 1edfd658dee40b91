import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { useResumeCartIntent } from '../api/cart-intent';
import { useDialogInset } from '../ui/dialog-inset';
import { notify } from '../ui/notify';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from './PageLoading';
import { SCROLL_POSITIONS_KEY } from './scroll-positions';

/** Every page: the header, the page, the footer, and the toasts. */
export function RootLayout() {
  useResumeCartIntent();
  // Errors report something on the page that was left: they close with it.
  const { pathname } = useLocation();
  useEffect(() => notify.dismissErrors(), [pathname]);
  const dialogInset = useDialogInset();
  const lift = dialogInset === null ? undefined : { bottom: dialogInset + 8 };
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall: while a page's code or data arrives the footer waits below the fold, so
          the page growing into its real height does not move it (no layout shift). */}
      <main id="main" className="min-h-svh flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/* Bottom right (full width at the bottom on a phone): never over the header's search or a dialog's title, and lifted above an open dialog's buttons. */}
      <Toaster
        position="bottom-right"
        richColors
        closeButton
        toastOptions={{ duration: 3000 }}
        offset={lift}
        mobileOffset={lift}
      />
      <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} />
    </div>
  );
}
