import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { AdminProductDetails, AdminProductDetailsSaved } from '../../../contracts/admin-products.contract';
import type { Person, Project, ProjectDeletion, ProjectFormInput } from '../../../contracts/erp-work.contract';
import type { HsnCodeList } from '../../../contracts/settlement-rates.contract';
import type { Shop } from '../../../contracts/shops.contract';
import type { ProductPayload } from '../../../contracts/vendor-products.contract';

/**
 * The other features' dialogs the admin panel edits with: the ERP's project form and delete-dialog text, and
 * the vendor's product form. The router hands them in (a feature imports no other feature).
 */
export type AdminParts = {
  /** The ERP's Edit Project dialog, saved by `save` (the admin panel's endpoint, with a fresh code). */
  ProjectDialog: ComponentType<{
    open: boolean;
    onClose: () => void;
    project: Project | null;
    save: UseMutationResult<Project, Error, { id?: string; values: ProjectFormInput }>;
    managers: { data?: Person[]; isError: boolean };
    announce?: (message: string) => void;
  }>;
  /** What deleting a project takes with it, or why it cannot go. */
  ProjectDeletionSummary: ComponentType<{ name: string; deletion: UseQueryResult<ProjectDeletion> }>;
  /** The vendor's product form, saved by `update` (the admin panel's endpoint, with a fresh code). */
  ProductDialog: ComponentType<{
    open: boolean;
    onClose: () => void;
    product: AdminProductDetails;
    shops: {
      data?: Pick<Shop, 'id' | 'shopName' | 'isActive'>[];
      isPending: boolean;
      isError: boolean;
      refetch: () => unknown;
    };
    hsn: { data?: HsnCodeList; isError: boolean };
    update: (id: string, payload: ProductPayload) => Promise<AdminProductDetailsSaved | null>;
    canAddImages?: boolean;
  }>;
  /** The product form's place while the product loads. */
  ProductFormSkeleton: ComponentType<{ label: string }>;
};
