import { LoadingRegion, Skeleton } from '../ui/States';

/** Shown while a page's code arrives: the shape of a page, under the header that stays. */
export function PageLoading() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <LoadingRegion label="Loading page">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="mt-6 h-4 w-full max-w-xl" />
        <Skeleton className="mt-3 h-4 w-full max-w-lg" />
        <Skeleton className="mt-8 h-48 w-full" />
      </LoadingRegion>
    </div>
  );
}
