import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import type { PromotionResult } from '../../../contracts/promotions.contract';
import { api, ApiError } from '../../api/client';
import { blankPromotion, freshCodeAsked, PromotionStepUp, savePromotion } from './promotion-form-dialog';
import type { StepUpDialog } from './step-up-dialog';

// The promotion form asks for a fresh authenticator code when the server says the promotion needs
// one (Haat pays, and it can take a large amount off an order), and sends the form again with it.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
// The step-up dialog as the admin meets it: its title and text; the test keeps what it would run with a code.
const dialog: { props: ComponentProps<typeof StepUpDialog> | null } = { props: null };
vi.mock('./step-up-dialog', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./step-up-dialog')>()),
  StepUpDialog: (props: ComponentProps<typeof StepUpDialog>) => {
    dialog.props = props;
    return props.open ? (
      <div role="dialog" aria-label={props.title}>
        {props.description}
        {props.actionLabel}
      </div>
    ) : null;
  },
}));

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const form = { ...blankPromotion(), name: 'Mega sale', code: 'MEGA2026', percent: '10' };
const result = { promotion: { id: 'p1', name: 'Mega sale' } } as unknown as PromotionResult;

beforeEach(() => {
  vi.mocked(api.post).mockReset();
  vi.mocked(api.put).mockReset();
  dialog.props = null;
});

describe('a large promotion asks for a fresh code', () => {
  it('knows the server asking for one from its other refusals', () => {
    expect(freshCodeAsked(new ApiError(401, 'UNAUTHENTICATED', adminAuthMessages.stepUpMissing))).toBe(true);
    expect(freshCodeAsked(new ApiError(401, 'UNAUTHENTICATED', 'Please sign in'))).toBe(false);
    expect(freshCodeAsked(new ApiError(409, 'CONFLICT', 'MEGA2026 is taken'))).toBe(false);
  });

  it('shows the step-up dialog for the form waiting, and sends the form again with the code', async () => {
    const onSaved = vi.fn();
    const closed = renderToStaticMarkup(
      <PromotionStepUp body={null} editingId={null} onSaved={onSaved} onCodeTaken={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(closed).toBe('');
    const html = renderToStaticMarkup(
      <PromotionStepUp body={form} editingId={null} onSaved={onSaved} onCodeTaken={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(html).toContain('aria-label="Create a large promotion"');
    expect(text(html)).toContain('Haat pays for this promotion and it can take a large amount off one order');
    expect(text(html)).toContain('Create the promotion');

    vi.mocked(api.post).mockResolvedValueOnce(result);
    expect(await dialog.props!.onConfirm('123456')).toBeNull();
    expect(api.post).toHaveBeenCalledWith('/api/admin/promotions', { ...form, stepUpCode: '123456' });
    expect(onSaved).toHaveBeenCalledWith(result);
  });

  it('a wrong code is said in the dialog; an edit is sent to its promotion', async () => {
    renderToStaticMarkup(
      <PromotionStepUp body={form} editingId="p1" onSaved={vi.fn()} onCodeTaken={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(dialog.props!.title).toBe('Save a large promotion');
    vi.mocked(api.put).mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'Invalid code'));
    expect(await dialog.props!.onConfirm('000000')).toBe('Failed to save the promotion: Invalid code');
    expect(api.put).toHaveBeenCalledWith('/api/admin/promotions/p1', { ...form, stepUpCode: '000000' });
  });

  it('a first save sends no code', async () => {
    vi.mocked(api.post).mockResolvedValueOnce(result);
    await savePromotion(null, form);
    expect(api.post).toHaveBeenCalledWith('/api/admin/promotions', form);
  });
});
