import { Link } from 'react-router';
import { PolicyDocument } from './policy-document';
import { linkButtonClass } from './info-parts';
import { returnsContent } from './returns-content';

/** /returns: the returns and refunds policy with its timelines. */
export function ReturnsPage() {
  return (
    <PolicyDocument content={returnsContent}>
      <div className="flex flex-col gap-3 rounded-lg border border-violet-200 bg-violet-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-violet-950">
          Ready to start a return? Tell us your order number and we will arrange the pickup.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/contact" className={linkButtonClass('primary', 'shrink-0')}>
            Contact support
          </Link>
          <Link to="/orders" className={linkButtonClass('secondary', 'shrink-0')}>
            My Orders
          </Link>
        </div>
      </div>
    </PolicyDocument>
  );
}
