import type { ReactNode } from 'react';

/**
 * ui/Modal for the web tests that render to a string: the dialog in place of a portal (there is no
 * document on the server), named by its title, its footer below its body. Closed, it shows nothing;
 * `showClosed` renders it whatever `open` says (the tests that read a dialog's body without opening it).
 */
export const modalInPlace =
  ({ showClosed = false }: { showClosed?: boolean } = {}) =>
  ({ open, title, children, footer }: { open?: boolean; title: string; children: ReactNode; footer?: ReactNode }) =>
    open || showClosed ? (
      <div role="dialog" aria-label={title}>
        {children}
        {footer}
      </div>
    ) : null;
