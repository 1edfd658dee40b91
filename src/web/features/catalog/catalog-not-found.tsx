import { Link } from 'react-router';
import { Page } from '../../ui/Page';

/** A product or shop that does not exist or is no longer on sale: says so, with the ways back. */
export function CatalogNotFound({ title, text }: { title: string; text: string }) {
  return (
    <Page title={title} narrow>
      <p className="text-slate-700">{text}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className="rounded-lg bg-violet-700 px-4 py-2 text-sm font-medium text-white hover:bg-violet-800">
          Back to Home
        </Link>
        <Link
          to="/search"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Browse all products
        </Link>
      </div>
    </Page>
  );
}
