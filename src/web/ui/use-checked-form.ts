import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by the same zod contract as the server, each field's error shown once it is touched
 * (left, or the form sent).
 */
export function useCheckedForm<I extends FieldValues, O>(schema: z.ZodType<O, I>, defaultValues: DefaultValues<I>) {
  return useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
}
