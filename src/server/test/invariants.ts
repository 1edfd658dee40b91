// The money rules a whole store must satisfy at any moment (src/server/money-checks.ts), as the tests assert them.
export { moneyInvariantViolations } from '../money-checks';
