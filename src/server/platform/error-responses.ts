import { errorResponseSchema } from '../../contracts/errors.contract';

/**
 * The error answers a route documents, each with the one error body (`{ error: { code, message,
 * fields? } }`): `errorResponses(400, 404)` for a route's `schema.response`, spread beside its success.
 */
export function errorResponses<C extends number>(...codes: C[]): Record<C, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema])) as Record<C, typeof errorResponseSchema>;
}
