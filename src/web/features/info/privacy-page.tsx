import { Link } from 'react-router';
import { PolicyDocument } from './policy-document';
import { textLinkClass } from './info-parts';
import { privacyContent } from './privacy-content';

/** /privacy: the privacy policy. */
export function PrivacyPage() {
  return (
    <PolicyDocument content={privacyContent}>
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700">
        See also our{' '}
        <Link to="/terms" className={textLinkClass}>
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/returns" className={textLinkClass}>
          Returns &amp; Refunds Policy
        </Link>
        , or{' '}
        <Link to="/contact" className={textLinkClass}>
          contact us
        </Link>{' '}
        with any question.
      </p>
    </PolicyDocument>
  );
}
