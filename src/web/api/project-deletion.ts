import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ProjectDeletion } from '../../contracts/erp-work.contract';
import { api } from './client';

/** The ERP's queries of what deleting a project takes with it start with this key. */
export const erpProjectDeletionKey = ['erp', 'project-deletion'] as const;

/**
 * What deleting a project would take with it, read each time its dialog opens: from the ERP
 * (an employee's session) or from the admin panel (the super admin's); nothing is read while `projectId` is null.
 */
export function useProjectDeletion(realm: 'erp' | 'admin', projectId: string | null) {
  const path =
    realm === 'erp' ? `/api/erp/projects/${projectId}/deletion` : `/api/admin/erp/projects/${projectId}/deletion`;
  return useQuery({
    queryKey:
      realm === 'erp'
        ? [...erpProjectDeletionKey, projectId ?? '']
        : ['admin', 'erp-project-deletion', projectId ?? ''],
    queryFn: () => api.get<ProjectDeletion>(path),
    enabled: projectId !== null,
    staleTime: 0,
  });
}

/** Whether the counts are in and nothing approved stops the deletion. */
export const canDeleteNow = (deletion: UseQueryResult<ProjectDeletion>): boolean =>
  deletion.isSuccess && deletion.data.approvedHours === 0;
