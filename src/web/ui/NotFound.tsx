import { Link } from 'react-router';
import { Page } from './Page';

const secondaryLink =
  'rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

/**
 * A page for something that is not there (an unknown path, a product or shop gone): says so, with the
 * way back home and one other way on.
 */
export function NotFound({ title, text, next }: { title: string; text: string; next: { to: string; label: string } }) {
  return (
    <Page title={title} narrow>
      <p className="text-slate-700">{text}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className="rounded-lg bg-violet-700 px-4 py-2 text-sm font-medium text-white hover:bg-violet-800">
          Back to Home
        </Link>
        <Link to={next.to} className={secondaryLink}>
          {next.label}
        </Link>
      </div>
    </Page>
  );
}
