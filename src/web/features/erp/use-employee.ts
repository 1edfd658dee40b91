import { useQuery } from '@tanstack/react-query';
import type { Employee, ErpDashboard } from '../../../contracts/erp.contract';
import { api, ApiError } from '../../api/client';

export const EMPLOYEE_KEY = ['erp', 'me'] as const;

/** The signed-in employee, or null without an ERP session. */
export const useEmployee = () =>
  useQuery({
    queryKey: EMPLOYEE_KEY,
    queryFn: async () => {
      try {
        return await api.get<Employee>('/api/erp/me');
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
  });

/** The dashboard's counters and the employee's latest tasks. */
export const useErpDashboard = () =>
  useQuery({ queryKey: ['erp', 'dashboard'], queryFn: () => api.get<ErpDashboard>('/api/erp/dashboard') });
