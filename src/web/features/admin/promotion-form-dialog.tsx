import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Controller,
  useController,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import {
  COUPON_CODE_MAX,
  promotionInputSchema,
  type PromotionDefinition,
  type PromotionForm,
  type PromotionResult,
  type PromotionRow,
} from '../../../contracts/promotions.contract';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { todayInIndia } from '../../../domain/age';
import { api, ApiError } from '../../api/client';
import { useServerErrors } from '../../api/field-errors';
import { adminPromotions, type PromotionWorkspace } from '../../api/promotion-workspaces';
import { Input, Select } from '../../ui/Field';
import { FormModal } from '../../ui/FormModal';
import { notify } from '../../ui/notify';
import { CategoryTicks, ProductPicker, SearchPicker } from './promotion-scope-pickers';
import { actionError, StepUpDialog } from './step-up-dialog';

/** The form checks with the server's own contract: its messages show under the fields. */
export const promotionResolver = zodResolver(promotionInputSchema) as unknown as Resolver<
  PromotionForm,
  unknown,
  PromotionDefinition
>;

/**
 * A new promotion's form: a coupon of a percentage off the whole cart, from today, paid by Haat, or in
 * a vendor's workspace by the vendor acted for.
 */
export const blankPromotion = (workspace: PromotionWorkspace = adminPromotions): PromotionForm => ({
  name: '',
  kind: 'coupon',
  couponCode: '',
  benefitType: 'percent',
  percent: '',
  maxDiscount: '',
  amount: '',
  scope: 'cart',
  categoryIds: [],
  shopIds: [],
  productIds: [],
  variantIds: [],
  fundedBy: workspace.funder.by,
  vendorId: workspace.funder.by === 'vendor' ? workspace.funder.vendorId : '',
  minimumCart: '',
  startsOn: todayInIndia(),
  endsOn: '',
  budgetType: 'none',
  budgetRupees: '',
  budgetUses: '',
  perCustomerLimit: '',
  firstOrderOnly: false,
  stackable: false,
});

/** Every field the server may name in a refusal (422 field errors, a 409 on the code). */
export const promotionFieldNames: readonly Path<PromotionForm>[] = [
  'name',
  'kind',
  'couponCode',
  'benefitType',
  'percent',
  'maxDiscount',
  'amount',
  'scope',
  'categoryIds',
  'shopIds',
  'productIds',
  'variantIds',
  'minimumCart',
  'startsOn',
  'endsOn',
  'budgetType',
  'budgetRupees',
  'budgetUses',
  'perCustomerLimit',
  'stackable',
];

const radioRow =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 text-sm text-slate-800 ' +
  'has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50';
const radio = 'h-4 w-4 shrink-0 border-slate-300 text-violet-700 focus:ring-violet-600';
const tick = 'h-5 w-5 shrink-0 rounded border-slate-300 text-violet-700 focus:ring-violet-600';

/** Two or three choices as radio buttons under a legend, with the group's error. */
function RadioGroup<N extends Path<PromotionForm>>({
  legend,
  name,
  choices,
  register,
  error,
}: {
  legend: string;
  name: N;
  choices: readonly { value: string; label: string }[];
  register: UseFormRegister<PromotionForm>;
  error?: string;
}) {
  const errorId = `${name}-group-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {choices.map((c) => (
          <label key={c.value} className={radioRow}>
            <input type="radio" value={c.value} className={radio} {...register(name)} />
            {c.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A tick with its text and, when refused, the message under it. */
function Tick({
  name,
  label,
  hint,
  register,
  error,
}: {
  name: 'firstOrderOnly' | 'stackable';
  label: string;
  hint: string;
  register: UseFormRegister<PromotionForm>;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className={`${tick} mt-0.5`}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          {...register(name)}
        />
        <span>
          <span className="font-medium">{label}</span>
          <span className="block text-xs text-slate-500">{hint}</span>
        </span>
      </label>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The products scope: whole products (`productIds`) and single variants (`variantIds`), in one picker. */
function ProductScopeField({
  workspace,
  control,
  known,
  onKnown,
  error,
}: {
  workspace: PromotionWorkspace;
  control: Control<PromotionForm, unknown, PromotionDefinition>;
  known: Record<string, string>;
  onKnown: (labels: Record<string, string>) => void;
  error?: string;
}) {
  const products = useController({ control, name: 'productIds' });
  const variants = useController({ control, name: 'variantIds' });
  return (
    <ProductPicker
      workspace={workspace}
      scope={{ productIds: products.field.value ?? [], variantIds: variants.field.value ?? [] }}
      known={known}
      onNames={onKnown}
      onChange={(next, labels) => {
        onKnown(labels);
        products.field.onChange(next.productIds);
        variants.field.onChange(next.variantIds);
      }}
      error={error}
    />
  );
}

/**
 * The promotion's fields, each with its error under it: what changes with the kind (the code, combining),
 * the benefit (percentage and cap, or amount), the scope (its picker) and the budget (rupees or uses).
 * The workspace names the scopes and the payer, and says where the pickers search.
 */
export function PromotionFields({
  workspace = adminPromotions,
  register,
  control,
  errors,
  known,
  onKnown,
}: {
  workspace?: PromotionWorkspace;
  register: UseFormRegister<PromotionForm>;
  control: Control<PromotionForm, unknown, PromotionDefinition>;
  errors: FieldErrors<PromotionForm>;
  /** The names of the shops and products chosen, by id. */
  known: Record<string, string>;
  onKnown: (labels: Record<string, string>) => void;
}) {
  const [kind, benefitType, scope, budgetType] = useWatch({
    control,
    name: ['kind', 'benefitType', 'scope', 'budgetType'],
  });
  const e = (name: keyof PromotionForm) => errors[name]?.message;
  const { scopeLabels } = workspace;
  return (
    <>
      <Input label="Name" required autoComplete="off" maxLength={80} error={e('name')} {...register('name')} />
      <RadioGroup
        legend="Kind"
        name="kind"
        register={register}
        error={e('kind')}
        choices={[
          { value: 'coupon', label: 'Coupon code (the shopper types it)' },
          { value: 'automatic', label: 'Automatic (applies by itself)' },
        ]}
      />
      {kind === 'coupon' && (
        <Input
          label="Coupon code"
          required
          autoComplete="off"
          autoCapitalize="characters"
          // Room for spaces around the longest code: they are trimmed.
          maxLength={COUPON_CODE_MAX + 4}
          hint="6 to 20 letters and digits; capitals or not, it is one code"
          error={e('couponCode')}
          {...register('couponCode')}
        />
      )}
      <RadioGroup
        legend="Discount"
        name="benefitType"
        register={register}
        error={e('benefitType')}
        choices={[
          { value: 'percent', label: 'A percentage off' },
          { value: 'fixed', label: 'A fixed amount off' },
        ]}
      />
      {benefitType === 'percent' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Percentage off (%)"
            required
            inputMode="decimal"
            error={e('percent')}
            {...register('percent')}
          />
          <Input
            label="Most it takes off (₹)"
            inputMode="decimal"
            hint="Leave empty for no cap"
            error={e('maxDiscount')}
            {...register('maxDiscount')}
          />
        </div>
      ) : (
        <Input label="Amount off (₹)" required inputMode="decimal" error={e('amount')} {...register('amount')} />
      )}
      <Select label="Covers" required error={e('scope')} {...register('scope')}>
        {(Object.keys(scopeLabels) as (keyof typeof scopeLabels)[]).map((s) => (
          <option key={s} value={s}>
            {scopeLabels[s]}
          </option>
        ))}
      </Select>
      {scope === 'categories' && (
        <Controller
          control={control}
          name="categoryIds"
          render={({ field }) => (
            <CategoryTicks chosen={field.value ?? []} onChange={field.onChange} error={e('categoryIds')} />
          )}
        />
      )}
      {scope === 'shops' && (
        <Controller
          control={control}
          name="shopIds"
          render={({ field }) => (
            <SearchPicker
              kind="shops"
              workspace={workspace}
              chosen={field.value ?? []}
              known={known}
              onChange={(ids, labels) => {
                onKnown(labels);
                field.onChange(ids);
              }}
              error={e('shopIds')}
            />
          )}
        />
      )}
      {scope === 'products' && (
        <ProductScopeField
          workspace={workspace}
          control={control}
          known={known}
          onKnown={onKnown}
          error={e('productIds') ?? e('variantIds')}
        />
      )}
      <Input
        label="Minimum cart (₹)"
        inputMode="decimal"
        hint="Leave empty for none"
        error={e('minimumCart')}
        {...register('minimumCart')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="First day" type="date" required error={e('startsOn')} {...register('startsOn')} />
        <Input label="Last day" type="date" hint="Leave empty for no end" error={e('endsOn')} {...register('endsOn')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Budget" error={e('budgetType')} {...register('budgetType')}>
          <option value="none">No budget</option>
          <option value="rupees">In rupees</option>
          <option value="uses">In uses</option>
        </Select>
        {budgetType === 'rupees' && (
          <Input
            label="Budget (₹)"
            required
            inputMode="decimal"
            error={e('budgetRupees')}
            {...register('budgetRupees')}
          />
        )}
        {budgetType === 'uses' && (
          <Input
            label="Budget (uses)"
            required
            inputMode="numeric"
            error={e('budgetUses')}
            {...register('budgetUses')}
          />
        )}
      </div>
      <Input
        label="Uses per customer"
        inputMode="numeric"
        hint="Leave empty for no limit"
        error={e('perCustomerLimit')}
        {...register('perCustomerLimit')}
      />
      <Tick
        name="firstOrderOnly"
        label="First order only"
        hint="Only for a customer's first order"
        register={register}
        error={e('firstOrderOnly')}
      />
      {kind === 'automatic' && (
        <Tick
          name="stackable"
          label="Combines with other offers"
          hint="With the coupon and the other combinable automatic promotions; otherwise it applies alone"
          register={register}
          error={e('stackable')}
        />
      )}
      <input type="hidden" {...register('fundedBy')} />
      {workspace.funder.by === 'vendor' && <input type="hidden" {...register('vendorId')} />}
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-700">Funded by:</span> {workspace.funderText}
        {(errors.fundedBy ?? errors.vendorId)?.message && (
          <span role="alert" className="block text-red-600">
            {(errors.fundedBy ?? errors.vendorId)?.message}
          </span>
        )}
      </p>
    </>
  );
}

/**
 * Saves the form as typed, in the workspace's API: a new promotion, or the edit of `editingId`.
 * `stepUpCode`: the fresh code from the authenticator that a large Haat-funded promotion needs (the
 * parsed form's `code` is the coupon's).
 */
export const savePromotion = (
  editingId: string | null,
  body: PromotionForm,
  stepUpCode?: string,
  workspace: PromotionWorkspace = adminPromotions,
) => {
  const sent = stepUpCode ? { ...body, stepUpCode } : body;
  return editingId
    ? api.put<PromotionResult>(`${workspace.basePath}/${editingId}`, sent)
    : api.post<PromotionResult>(workspace.basePath, sent);
};

/** The server asks for a fresh code (401, the step-up guard's message): Haat may pay a large amount an order. */
export const freshCodeAsked = (e: unknown): boolean =>
  e instanceof ApiError && e.status === 401 && e.message === adminAuthMessages.stepUpMissing;

/** A coupon code taken by another promotion (409 naming it): the code field's problem. */
const codeTakenMessage = (e: unknown, body: PromotionForm): string | null => {
  const code = typeof body.couponCode === 'string' ? body.couponCode.trim().toUpperCase() : '';
  return e instanceof ApiError && e.status === 409 && code && e.message.includes(code) ? e.message : null;
};

/**
 * The fresh code a large Haat-funded promotion needs before it is saved (the server says when: more
 * than the configured amount off one order, or a percentage without a cap), asked in the step-up
 * dialog of every sensitive admin action; the form's values are sent again with it.
 */
export function PromotionStepUp({
  body,
  editingId,
  onSaved,
  onCodeTaken,
  onCancel,
}: {
  /** The form's values waiting for the code, or null (closed). */
  body: PromotionForm | null;
  editingId: string | null;
  onSaved: (saved: PromotionResult) => void;
  onCodeTaken: (message: string) => void;
  onCancel: () => void;
}) {
  const label = editingId ? 'Save the promotion' : 'Create the promotion';
  return (
    <StepUpDialog
      open={body !== null}
      title={editingId ? 'Save a large promotion' : 'Create a large promotion'}
      description={
        <p>
          Haat pays for this promotion and it can take a large amount off one order (a percentage off with no maximum
          discount has no limit).
        </p>
      }
      actionLabel={label}
      onCancel={onCancel}
      onConfirm={async (code) => {
        if (!body) return null;
        try {
          onSaved(await savePromotion(editingId, body, code));
          return null;
        } catch (e) {
          const taken = codeTakenMessage(e, body);
          if (taken) {
            onCodeTaken(taken);
            return null;
          }
          return actionError(e, editingId ? 'Failed to save the promotion' : 'Failed to create');
        }
      }}
    />
  );
}

/**
 * New promotion, or the edit of a scheduled one: the fields checked with promotionInputSchema (its messages under
 * each field), the server's refusals placed under their fields or above the form, the typed values kept. In the
 * workspace's API; the fresh code is asked only when Haat pays.
 */
export function PromotionFormDialog({
  workspace = adminPromotions,
  editing,
  onClose,
}: {
  workspace?: PromotionWorkspace;
  editing: PromotionRow | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [known, setKnown] = useState<Record<string, string>>({});
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PromotionForm, unknown, PromotionDefinition>({
    resolver: promotionResolver,
    defaultValues: editing ? { ...blankPromotion(workspace), ...editing.input } : blankPromotion(workspace),
    mode: 'onTouched',
    // A field hidden by a choice (the code of an automatic promotion, the cap of a fixed amount) is not sent.
    shouldUnregister: true,
  });
  const server = useServerErrors(
    setError,
    promotionFieldNames,
    editing ? 'Failed to save the promotion' : 'Failed to create',
  );
  // The values waiting for a fresh code (a large Haat-funded promotion), or null.
  const [awaitingCode, setAwaitingCode] = useState<PromotionForm | null>(null);
  const done = (saved: PromotionResult) => {
    notify.success(editing ? `${saved.promotion.name} saved` : `${saved.promotion.name} created`, {
      action: workspace.notifyAction,
    });
    void qc.invalidateQueries({ queryKey: workspace.queryKey });
    onClose();
  };
  const codeTaken = (message: string) => {
    server.clearError();
    setError('couponCode', { type: 'server', message }, { shouldFocus: true });
  };
  const save = handleSubmit(async () => {
    server.clearError();
    // The fields as typed: the server reads them with the same schema.
    const body = getValues();
    try {
      done(await savePromotion(editing?.id ?? null, body, undefined, workspace));
    } catch (err) {
      // Above the amount Haat may give away without one: the fresh code is asked, then the save sent again.
      if (workspace.funder.by === 'haat' && freshCodeAsked(err)) return setAwaitingCode(body);
      // A code taken by another promotion (409) is the code field's problem: said under it.
      const taken = codeTakenMessage(err, body);
      if (taken) codeTaken(taken);
      else server.showError(err);
    }
  });
  // The code is asked beside the form, not inside it: the dialog's own form must not submit this one.
  return (
    <>
      <FormModal
        open
        onClose={onClose}
        busy={isSubmitting}
        wide
        title={editing ? `Edit ${editing.name}` : 'New promotion'}
        label={editing ? 'Edit the promotion' : 'New promotion'}
        onSubmit={save}
        submitText={editing ? 'Save the promotion' : 'Create the promotion'}
        ready
        formError={server.formError}
      >
        <PromotionFields
          workspace={workspace}
          register={register}
          control={control}
          errors={errors}
          known={known}
          onKnown={(labels) => setKnown((k) => ({ ...k, ...labels }))}
        />
      </FormModal>
      {workspace.funder.by === 'haat' && (
        <PromotionStepUp
          body={awaitingCode}
          editingId={editing?.id ?? null}
          onSaved={(saved) => {
            setAwaitingCode(null);
            done(saved);
          }}
          onCodeTaken={(message) => {
            setAwaitingCode(null);
            codeTaken(message);
          }}
          onCancel={() => setAwaitingCode(null)}
        />
      )}
    </>
  );
}
