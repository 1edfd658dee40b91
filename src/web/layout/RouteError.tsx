import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Page } from '../ui/Page';
import { ErrorState } from '../ui/States';

/** The page failed to load (a lost connection while fetching its code) or to render. */
export function RouteError() {
  const error = useRouteError();
  const offline = error instanceof TypeError && /fetch|import|module/i.test(error.message);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : offline
      ? 'This page could not be loaded. Check your internet connection and try again.'
      : 'Something went wrong on this page. Please try again.';
  return (
    <Page title="Something went wrong" narrow>
      <ErrorState message={message} onRetry={() => window.location.reload()} />
    </Page>
  );
}
