import { toast } from 'sonner';

/** Toasts as UI.md says: success messages clear after 3 s (or the given time); errors stay until dismissed. */
export const notify = {
  success: (message: string, ms = 3000) => toast.success(message, { duration: ms }),
  error: (message: string) => toast.error(message, { duration: Infinity }),
};
