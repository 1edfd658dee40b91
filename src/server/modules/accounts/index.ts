export { accountsRoutes } from './accounts.routes';
export { getAccount, registerAccount, signIn } from './accounts.service';
export { deleteAccount, type AccountDeletion } from './accounts.deletion';
