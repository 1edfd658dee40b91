import { Link } from 'react-router';
import { Page } from '../ui/Page';

/** A route whose screen is not built yet: its title and an honest sentence, nothing that pretends to work. */
export function UpcomingPage({ title }: { title: string }) {
  return (
    <Page title={title} narrow>
      <p className="text-slate-700">This page is not available yet. It is coming in a later release of Haat.</p>
      <Link to="/" className="mt-6 inline-block text-sm font-medium text-violet-700 hover:underline">
        Back to Home
      </Link>
    </Page>
  );
}
