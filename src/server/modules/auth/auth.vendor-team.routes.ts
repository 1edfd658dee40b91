import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  inviteAcceptInputSchema,
  inviteJoinedSchema,
  inviteLookupInputSchema,
  inviteLookupSchema,
  inviteRegisterInputSchema,
  myVendorsSchema,
  teamIdParamsSchema,
  teamInviteInputSchema,
  teamMessages,
  teamMessageSchema,
  teamRoleInputSchema,
  teamSchema,
} from '../../../contracts/vendor-team.contract';
import { requireUser, userGuard } from '../../platform/auth-guards';
import { actingVendor, vendorAccess } from './auth.vendor-access';
import {
  acceptInvite,
  changeMemberRole,
  inviteMember,
  listTeam,
  lookupInvite,
  myVendors,
  registerAndAcceptInvite,
  removeMember,
  revokeInvite,
} from './auth.vendor-team';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['vendor'];
// Each new account hashes a password, and a token is guessed at most this often.
const limited = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** A vendor's team: the owner invites, lists, changes and removes members; invitees accept; anyone lists its vendors. */
export async function vendorTeamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/vendor/team',
    {
      ...vendorAccess('team'),
      schema: {
        tags,
        summary: 'Your team: members with their role, and open invitations',
        response: { 200: teamSchema, ...errors },
      },
    },
    async (req) => listTeam(db, actingVendor(req)),
  );

  app.post(
    '/api/vendor/team/invites',
    {
      ...vendorAccess('team'),
      schema: {
        tags,
        summary: 'Invite an email to your team with a role (a single-use link for 72 hours, emailed)',
        body: teamInviteInputSchema,
        response: { 201: teamMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { message } = await inviteMember(db, { vendorUserId: actingVendor(req), ...req.body });
      return reply.status(201).send({ message });
    },
  );

  app.delete(
    '/api/vendor/team/invites/:id',
    {
      ...vendorAccess('team'),
      schema: {
        tags,
        summary: 'Withdraw an open invitation',
        params: teamIdParamsSchema,
        response: { 200: teamMessageSchema, ...errors },
      },
    },
    async (req) => {
      await revokeInvite(db, actingVendor(req), req.params.id);
      return { message: teamMessages.inviteRevoked };
    },
  );

  app.patch(
    '/api/vendor/team/members/:id',
    {
      ...vendorAccess('team'),
      schema: {
        tags,
        summary: "Change a member's role",
        params: teamIdParamsSchema,
        body: teamRoleInputSchema,
        response: { 200: teamMessageSchema, ...errors },
      },
    },
    async (req) => {
      await changeMemberRole(db, { vendorUserId: actingVendor(req), memberId: req.params.id, role: req.body.role });
      return { message: teamMessages.roleChanged };
    },
  );

  app.delete(
    '/api/vendor/team/members/:id',
    {
      ...vendorAccess('team'),
      schema: {
        tags,
        summary: 'Remove a member: its access ends at its next request',
        params: teamIdParamsSchema,
        response: { 200: teamMessageSchema, ...errors },
      },
    },
    async (req) => {
      await removeMember(db, { vendorUserId: actingVendor(req), memberId: req.params.id });
      return { message: teamMessages.removed };
    },
  );

  app.get(
    '/api/me/vendors',
    {
      onRequest: userGuard,
      schema: {
        tags,
        summary: 'The vendors you may act for (your own, then your teams), with your role and permissions in each',
        response: { 200: myVendorsSchema, 401: errorResponseSchema },
      },
    },
    async (req) => ({ vendors: await myVendors(db, requireUser(req)) }),
  );

  app.post(
    '/api/team-invites/lookup',
    {
      config: limited,
      schema: {
        tags,
        summary: "An invitation link's vendor, email and role, and whether the email has an account",
        body: inviteLookupInputSchema,
        response: { 200: inviteLookupSchema, ...errors },
      },
    },
    async (req) => lookupInvite(db, req.body.token),
  );

  app.post(
    '/api/team-invites/accept',
    {
      onRequest: userGuard,
      schema: {
        tags,
        summary: 'Join the team with the signed-in account (the one the invitation was sent to)',
        body: inviteAcceptInputSchema,
        response: { 200: inviteJoinedSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return acceptInvite(db, { token: req.body.token, userId: user.id, email: user.email });
    },
  );

  app.post(
    '/api/team-invites/register',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Make an account for the invited email (name and password) and join the team; then sign in',
        body: inviteRegisterInputSchema,
        response: { 201: inviteJoinedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { vendorUserId, message } = await registerAndAcceptInvite(db, req.body);
      return reply.status(201).send({ vendorUserId, message });
    },
  );
}
