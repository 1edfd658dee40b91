import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from './PageLoading';

/** Every page: the header, the page, the footer, and the toasts. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster position="top-center" richColors closeButton toastOptions={{ duration: 3000 }} />
      <ScrollRestoration />
    </div>
  );
}
