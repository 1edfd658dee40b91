import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useErpFeedback } from './erp-feedback';
import { placeServerErrors } from './erp-form-errors';

type ErpFormOptions<V extends FieldValues> = {
  /** Server field names that differ from the form's (`{ budgetPaise: 'budget' }`). */
  aliases?: Record<string, Path<V>>;
  /** Shows a success instead of the ERP banner (the admin panel's toast). */
  announce?: (message: string) => void;
};

/**
 * The ERP's forms: react-hook-form checked by `schema` (errors once a field is touched), set to
 * `values` whenever the dialog opens or `values` change (the form-level error cleared with it), and
 * `run(save, success, failurePrefix)` that saves, shows the success in the nearest ERP banner
 * (`useErpFeedback`; `announce` instead when given) and answers true, or places the server's errors
 * under the fields (the rest above the form, in `formError`) and answers false. The typed input
 * stays when a save fails.
 *
 * `values` must keep its identity between renders (a constant, or `useMemo` on what it is built
 * from): a new object resets the form and would wipe what was typed. Every key of `values` is a
 * field a server message may land on.
 */
export function useErpForm<V extends FieldValues, D>(
  schema: z.ZodType<D, V>,
  values: V,
  open: boolean,
  { aliases, announce }: ErpFormOptions<V> = {},
) {
  const feedback = useErpFeedback();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<V, unknown, D>({
    resolver: zodResolver(schema),
    defaultValues: values as DefaultValues<V>,
    mode: 'onTouched',
  });
  const { reset, setError } = form;

  useEffect(() => {
    if (!open) return;
    reset(values);
    setFormError(null);
  }, [open, values, reset]);

  const fieldNames = Object.keys(values) as Path<V>[];

  /** Saves; on success shows `success` (or what it makes of the answer) and answers true; on failure answers false. */
  const run = async <R>(
    save: () => Promise<R>,
    success: string | ((result: R) => string),
    failurePrefix: string,
  ): Promise<boolean> => {
    setFormError(null);
    try {
      const result = await save();
      (announce ?? feedback.success)(typeof success === 'function' ? success(result) : success);
      return true;
    } catch (e) {
      setFormError(placeServerErrors(e, setError, fieldNames, failurePrefix, aliases));
      return false;
    }
  };

  return { ...form, formError, setFormError, run };
}
