import { errorResponses } from './error-responses';

/**
 * The error answers every admin operation documents: 400 bad input, 401 no session or no fresh code,
 * 403 a permission the staff member lacks or a wrong code, 404, 409 a state that forbids the change,
 * 410 a used or expired link, 429 too many wrong codes.
 */
export const adminErrors = errorResponses(400, 401, 403, 404, 409, 410, 429);
