import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../ui/format-date';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { StarRating } from '../../ui/StarRating';
import { REVIEWS_PAGE_SIZE, useProductReviews } from './catalog-api';

/** The average rating and the product's reviews, newest first, a page at a time. */
export function ProductReviews({
  productId,
  ratingAverage,
  ratingCount,
}: {
  productId: string;
  ratingAverage: number;
  ratingCount: number;
}) {
  const [page, setPage] = useState(1);
  const reviews = useProductReviews(productId, page);
  return (
    <section aria-labelledby="reviews-heading" className="mt-10 border-t border-slate-200 pt-8" id="reviews">
      <h2 id="reviews-heading" className="text-xl font-bold text-slate-900">
        Customer reviews
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {ratingCount > 0 ? (
          <>
            <span className="text-3xl font-bold text-slate-900">{ratingAverage.toFixed(1)}</span>
            <StarRating value={ratingAverage} size="md" />
            <span className="text-sm text-slate-600">
              {ratingCount.toLocaleString('en-IN')} {ratingCount === 1 ? 'rating' : 'ratings'}
            </span>
          </>
        ) : (
          <span className="text-sm text-slate-600">No ratings yet</span>
        )}
      </div>

      <div className="mt-5">
        {reviews.isPending ? (
          <LoadingRegion label="Loading reviews">
            <div className="space-y-3">
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-20 w-full" />
              ))}
            </div>
          </LoadingRegion>
        ) : reviews.isError ? (
          <ErrorState message={reviews.error.message} onRetry={() => reviews.refetch()} />
        ) : reviews.data.items.length === 0 ? (
          <EmptyState
            title="No reviews yet"
            icon={<MessageSquare className="h-10 w-10 text-slate-400" aria-hidden="true" />}
          >
            Customers who receive this product can review it from their orders.
          </EmptyState>
        ) : (
          <>
            <ul
              className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
              aria-busy={reviews.isPlaceholderData}
            >
              {reviews.data.items.map((r) => (
                <li key={r.id} className="p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-slate-900">{r.reviewerName}</p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
                    </p>
                  </div>
                  <StarRating value={r.rating} className="mt-1" />
                  {r.comment && <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{r.comment}</p>}
                </li>
              ))}
            </ul>
            <Pagination page={page} pageSize={REVIEWS_PAGE_SIZE} total={reviews.data.total} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
