import { useState } from 'react';
import {
  adminProductStatusFilters,
  productActionMessages as m,
  type AdminProduct,
  type AdminProductPage,
} from '../../../contracts/admin-products.contract';
import { PRODUCT_PLACEHOLDER_IMAGE } from '../../../contracts/catalog.constants';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { showPlaceholderOnError } from '../../ui/ProductCard';
import { StatusBadge } from '../../ui/StatusBadge';
import { useCategories } from '../../api/catalog';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { useDeleteAction } from './delete-dialog';
import type { AdminParts } from './admin-parts';
import { ProductEditDialog } from './product-edit-dialog';
import { useAdminList } from './use-admin-list';

type StatusFilter = (typeof adminProductStatusFilters)[number];
const statusLabels: Record<StatusFilter, string> = { all: 'All', active: 'Active', disabled: 'Disabled' };

const columns: Column<AdminProduct>[] = [
  {
    key: 'product',
    header: 'Product',
    sortKey: 'name',
    render: (p) => (
      <div className="flex min-w-0 items-start gap-3">
        <img
          src={p.imageUrl ?? PRODUCT_PLACEHOLDER_IMAGE}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          onError={showPlaceholderOnError}
          className={`h-10 w-10 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover ${p.status === 'disabled' ? 'opacity-60 grayscale' : ''}`}
        />
        <div className="min-w-0">
          <span className="font-medium text-slate-900">{p.name}</span>
          <br />
          <span className="font-mono text-xs text-slate-500">{p.id.slice(0, 8)}</span>
        </div>
      </div>
    ),
  },
  {
    key: 'vendor',
    header: 'Vendor',
    render: (p) => (
      <>
        {p.vendorName ?? '—'}
        <br />
        <span className="text-xs text-slate-500">{p.shopName}</span>
      </>
    ),
  },
  { key: 'category', header: 'Category', render: (p) => p.category },
  {
    key: 'price',
    header: 'Price',
    sortKey: 'price',
    numeric: true,
    render: (p) => (
      <>
        <Money paise={p.pricePaise} className="font-medium text-slate-900" />
        {p.originalPricePaise !== null && p.originalPricePaise > p.pricePaise && (
          <>
            <br />
            <Money paise={p.originalPricePaise} original className="text-xs" />
          </>
        )}
      </>
    ),
  },
  {
    key: 'stock',
    header: 'Stock',
    sortKey: 'stock',
    numeric: true,
    render: (p) =>
      p.stock === 0 ? <span className="text-red-700">Out of stock</span> : p.stock.toLocaleString('en-IN'),
  },
  { key: 'reward', header: 'Reward', numeric: true, render: (p) => `${p.rewardPercentage}%` },
  {
    key: 'status',
    header: 'Status',
    render: (p) => (
      <span className="flex flex-wrap gap-1">
        <StatusBadge status={p.status} />
        {p.review !== 'approved' && (
          <StatusBadge status={p.review} text={p.review === 'pending' ? 'Pending review' : 'Review rejected'} />
        )}
      </span>
    ),
  },
  { key: 'created', header: 'Listed', sortKey: 'createdAt', render: (p) => formatDate(p.createdAt) },
];

type Pending = { kind: 'disable' | 'enable'; product: AdminProduct } | null;

/**
 * The Products tab: every product of every shop; Edit opens the vendor's product form, Disable takes
 * one off the storefront and Enable brings it back, each with a fresh code.
 */
export function ProductsTab({ parts }: { parts: AdminParts }) {
  const list = useAdminList<AdminProductPage>('/api/admin/products', {
    sort: 'createdAt',
    filters: { status: 'all', category: '' },
  });
  const categories = useCategories();
  const remove = useDeleteAction('product');
  const [action, setAction] = useState<Pending>(null);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const status = list.filters.status as StatusFilter;
  const categoryNames = new Map(categories.data?.map((c) => [c.id, c.name]));

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by product name or id">
        <ListFilter
          list={list}
          name="status"
          label="Status"
          width="w-36"
          choices={adminProductStatusFilters}
          labels={statusLabels}
        />
        <ListFilter
          list={list}
          name="category"
          label="Category"
          width="w-48"
          choices={[...categoryNames.keys()]}
          labels={(id) => categoryNames.get(id) ?? ''}
          any="All categories"
        />
      </AdminListToolbar>
      <ListCount
        page={list.query.data}
        noun={['product', 'products']}
        qualifier={status === 'all' ? '' : statusLabels[status].toLowerCase()}
        capped
      />
      <DataTable
        label="Products"
        columns={columns}
        {...list.tableProps('products')}
        rowKey={(p) => p.id}
        emptyTitle={status === 'all' ? 'No products' : `No ${statusLabels[status].toLowerCase()} products`}
        emptyText={list.q || list.filters.category ? 'Nothing matches the search.' : undefined}
        actions={(p) => (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
              Edit
            </Button>
            {p.status === 'active' ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setAction({ kind: 'disable', product: p })}
                aria-label={`Disable ${p.name}`}
              >
                Disable
              </Button>
            ) : (
              <Button
                size="sm"
                onClick={() => setAction({ kind: 'enable', product: p })}
                aria-label={`Enable ${p.name}`}
              >
                Enable
              </Button>
            )}
            {remove.button(p.id, `${p.name} (${p.shopName})`)}
          </div>
        )}
      />
      <AdminActionDialog
        pending={action}
        onClose={() => setAction(null)}
        request={({ kind, product }) => ({
          path: `/api/admin/products/${product.id}/${kind}`,
          success: kind === 'disable' ? m.disabled : m.enabled,
          failure: kind === 'disable' ? m.disableFailed : m.enableFailed,
          toast: 'admin-product',
        })}
        title={action?.kind === 'enable' ? 'Enable product' : 'Disable product'}
        actionLabel={action?.kind === 'enable' ? 'Enable product' : 'Disable product'}
        description={
          action && (
            <p>
              <span className="font-medium text-slate-900">{action.product.name}</span> ({action.product.shopName}
              {action.product.vendorName ? `, ${action.product.vendorName}` : ''}){' '}
              {action.kind === 'disable'
                ? 'leaves the storefront: shoppers can no longer find, view or buy it. The vendor keeps it and you can enable it again.'
                : 'returns to the storefront: shoppers can find, view and buy it again (while its shop is open).'}
            </p>
          )
        }
      />
      {remove.dialog}
      {editing && <ProductEditDialog product={editing} onClose={() => setEditing(null)} parts={parts} />}
    </div>
  );
}
