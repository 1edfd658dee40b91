import { Link } from 'react-router';
import { PolicyDocument } from './policy-document';
import { textLinkClass } from './info-parts';
import { termsContent } from './terms-content';

/** /terms: the terms of service (age, accounts, orders, reward points, referrals). */
export function TermsPage() {
  return (
    <PolicyDocument content={termsContent}>
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700">
        These terms work together with our{' '}
        <Link to="/privacy" className={textLinkClass}>
          Privacy Policy
        </Link>{' '}
        and{' '}
        <Link to="/returns" className={textLinkClass}>
          Returns &amp; Refunds Policy
        </Link>
        . Questions?{' '}
        <Link to="/contact" className={textLinkClass}>
          Contact us
        </Link>
        .
      </p>
    </PolicyDocument>
  );
}
