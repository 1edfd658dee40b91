import { toast } from 'sonner';

// Error toasts still open, so that a page change can close them.
const openErrors = new Set<string>();

type Options = {
  /**
   * The action the toast reports ('save-product', 'cart-add', ...): a later toast of the same action
   * replaces it, so a success closes the error it answers. By default, the message itself.
   */
  action?: string;
  /** How long a success stays, in ms (3 s by default). */
  ms?: number;
};

/**
 * Toasts as UI.md says: success messages clear after 3 s (or the given time); errors stay until
 * dismissed, until the same action succeeds, or until the page changes.
 */
export const notify = {
  success: (message: string, options: Options | number = {}) => {
    const { action, ms = 3000 } = typeof options === 'number' ? { ms: options } : options;
    const id = action ?? message;
    openErrors.delete(id);
    return toast.success(message, { id, duration: ms });
  },
  error: (message: string, { action }: Pick<Options, 'action'> = {}) => {
    const id = action ?? message;
    openErrors.add(id);
    return toast.error(message, { id, duration: Infinity, onDismiss: () => openErrors.delete(id) });
  },
  /** Closes every error toast (the page changed, so what they reported is no longer in view). */
  dismissErrors: () => {
    for (const id of openErrors) toast.dismiss(id);
    openErrors.clear();
  },
};
