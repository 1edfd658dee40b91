import { Link } from 'react-router';
import { Page } from '../ui/Page';

/** Any path the router does not know. */
export function NotFoundPage() {
  return (
    <Page title="Page not found" narrow>
      <p className="text-slate-700">
        We could not find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className="rounded-lg bg-violet-700 px-4 py-2 text-sm font-medium text-white hover:bg-violet-800">
          Back to Home
        </Link>
        <Link
          to="/help"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Visit the Help Center
        </Link>
      </div>
    </Page>
  );
}
