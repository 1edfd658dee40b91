import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meSchema } from '../../../contracts/auth.contract';
import {
  changeEmailSchema,
  changePasswordSchema,
  passwordChangedSchema,
  settingsMessages,
} from '../../../contracts/shops.contract';
import { requireUser } from '../../platform/auth-guards';
import type { Tx } from '../../platform/db';
import { changeEmail, changePassword } from './auth.settings';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 409, 429);
// Each call checks a password: a slow guesser gets few tries.
const limited = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

export type SettingsRoutesOptions = {
  /** Keeps other modules' copies of the email in step, inside the change's transaction (wired in app.ts). */
  onEmailChanged?: (tx: Tx, userId: string, newEmail: string) => Promise<void>;
};

/** Account settings of any signed-in user: change email, change password. */
export async function settingsRoutes(fastify: FastifyInstance, opts: SettingsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // A guest gets 401 before the body is looked at.
  app.addHook('onRequest', async (req) => {
    requireUser(req);
  });

  app.put(
    '/api/me/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change your sign-in email (needs your current password)',
        body: changeEmailSchema,
        response: { 200: meSchema, ...errors },
      },
      config: limited,
    },
    async (req) => {
      const user = requireUser(req);
      const { onEmailChanged } = opts;
      return changeEmail({
        db,
        userId: user.id,
        ...req.body,
        alsoInTransaction: onEmailChanged && ((tx) => onEmailChanged(tx, user.id, req.body.newEmail)),
      });
    },
  );

  app.put(
    '/api/me/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change your password (needs the current one); signs out your other devices',
        body: changePasswordSchema,
        response: { 200: passwordChangedSchema, ...errors },
      },
      config: limited,
    },
    async (req) => {
      const user = requireUser(req);
      const { otherSessionsEnded } = await changePassword({
        db,
        userId: user.id,
        keepSessionId: user.sessionId,
        currentPassword: req.body.currentPassword,
        newPassword: req.body.newPassword,
      });
      return { message: settingsMessages.passwordChanged, otherSessionsEnded };
    },
  );
}
