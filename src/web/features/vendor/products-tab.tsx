import { PackagePlus, Plus, Search } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  vendorProductMessages as m,
  vendorProductStatusFilters,
  type VendorProduct,
  type VendorProductStatusFilter,
} from '../../../contracts/vendor-products.contract';
import { Button } from '../../ui/Button';
import { Input, Select } from '../../ui/Field';
import { ConfirmDialog } from '../../ui/Modal';
import { notify } from '../../ui/notify';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion } from '../../ui/States';
import { useSearchText } from '../../ui/use-search-text';
import { useCategories } from '../../api/catalog';
import { ProductFormModal } from './product-form-modal';
import {
  useDeleteProduct,
  useSetProductActive,
  useVendorProducts,
  VENDOR_PRODUCTS_PAGE_SIZE,
} from './vendor-products-api';
import { VendorProductCard, VendorProductCardSkeleton } from './vendor-products-card';

const statusLabels: Record<VendorProductStatusFilter, string> = { all: 'All', active: 'Active', inactive: 'Inactive' };
const isStatus = (v: string | null): v is VendorProductStatusFilter =>
  (vendorProductStatusFilters as readonly string[]).includes(v ?? '');

/** The filters of the Products tab, kept in the address (?q=&categoryId=&status=&page=) so they survive a reload. */
function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const filters = {
    q: params.get('q') ?? '',
    categoryId: params.get('categoryId') ?? '',
    status: isStatus(params.get('status')) ? (params.get('status') as VendorProductStatusFilter) : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  // Any change but the page goes back to page 1.
  const set = useCallback(
    (change: Partial<{ q: string; categoryId: string; status: VendorProductStatusFilter; page: number }>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('page');
          for (const [key, value] of Object.entries(change)) {
            const empty = value === '' || (key === 'status' && value === 'all') || (key === 'page' && value === 1);
            if (empty) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, set] as const;
}

/** Products: search, category and status filters served by the API, pages of product cards, and the add/edit modal. */
export function ProductsTab() {
  const [filters, setFilters] = useProductFilters();
  // The search runs a moment after typing stops.
  const setQ = useCallback((q: string) => setFilters({ q }), [setFilters]);
  const { text, setText } = useSearchText(350, { q: filters.q, set: setQ });
  const categories = useCategories();
  const products = useVendorProducts({
    ...filters,
    q: filters.q || undefined,
    categoryId: filters.categoryId || undefined,
    pageSize: VENDOR_PRODUCTS_PAGE_SIZE,
  });
  const setActive = useSetProductActive();
  const remove = useDeleteProduct();
  const [form, setForm] = useState<{ open: boolean; product: VendorProduct | null }>({ open: false, product: null });
  const [deleting, setDeleting] = useState<VendorProduct | null>(null);

  const toggle = (product: VendorProduct) =>
    setActive.mutate(
      { product, isActive: !product.isActive },
      {
        onSuccess: (res) => notify.success(res.message, { action: 'product-status' }),
        onError: () => notify.error(m.statusFailed, { action: 'product-status' }),
      },
    );
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: (res) => notify.success(res.message, { action: 'product-delete', ms: res.deleted ? 3000 : 6000 }),
      onError: () => notify.error(m.deleteFailed, { action: 'product-delete' }),
      onSettled: () => setDeleting(null),
    });
  };

  const filtered = filters.q !== '' || filters.categoryId !== '' || filters.status !== 'all';
  const add = (
    <Button onClick={() => setForm({ open: true, product: null })}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      Add Product
    </Button>
  );

  let body;
  if (products.isPending) {
    body = (
      <LoadingRegion label="Loading your products">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <VendorProductCardSkeleton key={i} />
          ))}
        </ul>
      </LoadingRegion>
    );
  } else if (products.isError) {
    body = <ErrorState message={m.fetchFailed} onRetry={() => products.refetch()} />;
  } else if (products.data.items.length === 0) {
    body = filtered ? (
      <EmptyState
        title="No products match"
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setText('');
              setFilters({ q: '', categoryId: '', status: 'all' });
            }}
          >
            Clear filters
          </Button>
        }
      >
        Try another name, category or status.
      </EmptyState>
    ) : (
      <EmptyState
        title="No products yet"
        icon={<PackagePlus className="h-10 w-10 text-slate-400" aria-hidden="true" />}
        action={add}
      >
        Add your first product: it shows up in the storefront and search as soon as it is saved.
      </EmptyState>
    );
  } else {
    const busyId = setActive.isPending ? setActive.variables?.product.id : undefined;
    body = (
      <>
        <p className="mb-3 text-sm text-slate-600" aria-live="polite">
          {products.data.total.toLocaleString('en-IN')} {products.data.total === 1 ? 'product' : 'products'}
        </p>
        <ul
          className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${products.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {products.data.items.map((p) => (
            <VendorProductCard
              key={p.id}
              product={p}
              onEdit={(product) => setForm({ open: true, product })}
              onToggle={toggle}
              onDelete={setDeleting}
              toggling={busyId === p.id}
            />
          ))}
        </ul>
        <Pagination
          page={products.data.page}
          pageSize={products.data.pageSize}
          total={products.data.total}
          onPage={(page) => setFilters({ page })}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="vendor-products-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="vendor-products-heading" className="text-lg font-semibold text-slate-900">
          Your products
        </h2>
        {add}
      </div>
      <form
        role="search"
        aria-label="Filter your products"
        className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_12rem_10rem]"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ q: text.trim() });
        }}
      >
        <div className="col-span-2 sm:col-span-1">
          <Input
            label="Search your products"
            type="search"
            placeholder="Search by name"
            value={text}
            onChange={(e) => setText(e.target.value)}
            suffix={<Search className="h-4 w-4 text-slate-400" aria-hidden="true" />}
          />
        </div>
        <Select
          label="Category"
          value={filters.categoryId}
          onChange={(e) => setFilters({ categoryId: e.target.value })}
        >
          <option value="">All categories</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
        <Select
          label="Status"
          value={filters.status}
          onChange={(e) => setFilters({ status: e.target.value as VendorProductStatusFilter })}
        >
          {vendorProductStatusFilters.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </Select>
      </form>
      {body}
      {/* Mounted only while open, so each opening starts from the product as it is now. */}
      {form.open && (
        <ProductFormModal open product={form.product} onClose={() => setForm({ open: false, product: null })} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product?"
        confirmLabel="Delete product"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <p>
          <strong className="font-semibold text-slate-900">{deleting?.name}</strong> will be removed from your shop and
          the storefront.
        </p>
        <p className="mt-2">If customers have ordered it, it is deactivated instead, so their orders keep it.</p>
      </ConfirmDialog>
    </section>
  );
}
