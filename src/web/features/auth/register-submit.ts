import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { RegisterData, Role } from '../../../contracts/auth.contract';
import { api } from '../../api/client';
import { useServerErrors } from '../../api/field-errors';

/** The answer of `POST /api/auth/register`. */
export type Registered = { id: string; role: Exclude<Role, 'admin'>; referralCode: string; message: string };

/** Submits a registration form: on success toasts the server's message and goes to /login; on failure shows the errors. */
export function useRegisterSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  fallback: string,
) {
  const navigate = useNavigate();
  const { formError, showError, clearError } = useServerErrors(setError, fieldNames, fallback);
  const submit = async (values: RegisterData) => {
    clearError();
    try {
      const res = await api.post<Registered>('/api/auth/register', values);
      toast.success(res.message);
      navigate('/login');
    } catch (err) {
      showError(err);
    }
  };
  return { formError, submit };
}
