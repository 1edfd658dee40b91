import { errorResponseSchema } from '../../contracts/errors.contract';

/**
 * The error answers every admin operation documents: 400 bad input, 401 no session or no fresh code,
 * 403 a permission the staff member lacks or a wrong code, 404, 409 a state that forbids the change,
 * 410 a used or expired link, 429 too many wrong codes.
 */
export const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  429: errorResponseSchema,
};
