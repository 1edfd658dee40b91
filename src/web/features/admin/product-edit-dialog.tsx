import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  productActionMessages as m,
  type AdminProduct,
  type AdminProductDetails,
  type AdminProductDetailsSaved,
} from '../../../contracts/admin-products.contract';
import type { HsnCodeList } from '../../../contracts/settlement-rates.contract';
import type { ProductPayload } from '../../../contracts/vendor-products.contract';
import { api, ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { ErrorState } from '../../ui/States';
import type { AdminParts } from './admin-parts';
import { actionError, StepUpDialog } from './step-up-dialog';

/** A save the step-up dialog holds until the code is confirmed (or the dialog is cancelled: null). */
type Confirming = {
  id: string;
  payload: ProductPayload;
  resolve: (saved: AdminProductDetailsSaved | null) => void;
  reject: (e: unknown) => void;
};

const TITLE = 'Edit Product';

/**
 * Edit for any product: its vendor's own product form (ProductDialog), loaded from
 * GET /api/admin/products/:id/details and checked by the same contract. Save Changes asks for a
 * fresh code in the step-up dialog, which sends the form with it; a refused code is asked for again
 * there, any other refusal goes back to the form's fields. Pictures can be reordered or removed,
 * not added (uploads are the vendor's own).
 */
export function ProductEditDialog({
  product,
  onClose,
  parts: { ProductDialog, ProductFormSkeleton },
}: {
  product: AdminProduct;
  onClose: () => void;
  parts: AdminParts;
}) {
  const qc = useQueryClient();
  // Not kept between openings and not refetched meanwhile: a refetch would reset what is being typed.
  const details = useQuery({
    queryKey: ['admin-product-details', product.id],
    queryFn: () => api.get<AdminProductDetails>(`/api/admin/products/${product.id}/details`),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const hsn = useQuery({
    queryKey: ['admin', 'hsn-codes'],
    queryFn: () => api.get<HsnCodeList>('/api/admin/hsn-codes'),
  });
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const update = (id: string, payload: ProductPayload) =>
    new Promise<AdminProductDetailsSaved | null>((resolve, reject) => setConfirming({ id, payload, resolve, reject }));
  const confirm = async (code: string): Promise<string | null> => {
    if (!confirming) return null;
    try {
      const saved = await api.put<AdminProductDetailsSaved>(`/api/admin/products/${confirming.id}/details`, {
        ...confirming.payload,
        code,
      });
      void qc.invalidateQueries({ queryKey: ['admin'] });
      confirming.resolve(saved);
    } catch (e) {
      if (e instanceof ApiError && [401, 403, 429].includes(e.status)) return actionError(e, m.detailsFailed);
      confirming.reject(e);
    }
    setConfirming(null);
    return null;
  };
  const cancel = () => {
    confirming?.resolve(null);
    setConfirming(null);
  };

  if (!details.data) {
    const failed = details.isError;
    const reason =
      details.error instanceof ApiError && details.error.status === 404
        ? details.error.message
        : 'The product could not be loaded.';
    return (
      <Modal
        open
        onClose={onClose}
        title={TITLE}
        wide
        footer={
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        }
      >
        {failed ? (
          <ErrorState message={reason} onRetry={() => void details.refetch()} />
        ) : (
          <ProductFormSkeleton label={`Loading ${product.name}`} />
        )}
      </Modal>
    );
  }

  const shops = { data: details.data.ownerShops, isPending: false, isError: false, refetch: details.refetch };
  return (
    <>
      <ProductDialog
        open
        onClose={onClose}
        product={details.data}
        shops={shops}
        hsn={hsn}
        update={update}
        canAddImages={false}
      />
      <StepUpDialog
        open={confirming !== null}
        title="Save product details"
        actionLabel="Save product details"
        description={
          <p>
            The changes to <span className="font-medium text-slate-900">{details.data.name}</span> (
            {details.data.storeName}
            {product.vendorName ? `, ${product.vendorName}` : ''}) are saved once the code is checked. Shoppers and the
            vendor see them at once.
          </p>
        }
        onCancel={cancel}
        onConfirm={confirm}
      />
    </>
  );
}
