/**
 * Users and permissions (/admin/access): the company's staff, admin and kiosk accounts, for admins only. Every
 * write is one audited transaction; edits name the version they were made from (If-Match).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VersionHeaders, type Role } from '../../src/contract/common';
import { AccountList, AccountListQuery, AccountParams, AccountSummary, AccountUpdate, InviteRequest, Ok } from '../../src/contract/users';
import { hashPassword } from '../auth/passwords';
import { duplicateKey, nowOf, writeErrors } from '../scope/audited';
import { inviteAccount, listAccounts, reinvite, sendPasswordReset, setActive, temporaryPassword, unlockAccount, updateAccount } from './accounts';
import { publicUrlOf } from '../http/publicUrl';

const adminOnly = ['admin'] as const satisfies readonly Role[];
const security = [{ bearer: [] }];
const tags = ['access'];
const errors = writeErrors;

export async function accessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: adminOnly };
  const newTemporaryPassword = async () => {
    const password = temporaryPassword();
    return { password, hash: await hashPassword(password) };
  };

  app.get(
    '/access/users',
    {
      config,
      schema: { tags, summary: "The company's staff, admin and kiosk accounts (search by name or email)", security, querystring: AccountListQuery, response: { 200: AccountList, ...errors } },
    },
    (request) =>
      request.work('access.users.read', async ({ tx }) => {
        const accounts = await listAccounts(tx, request.query.search || undefined, nowOf(request));
        return { result: { accounts }, audit: { targetType: 'user', details: { count: accounts.length, searched: !!request.query.search } } };
      }),
  );

  app.post(
    '/access/users',
    {
      config,
      schema: {
        tags,
        summary: 'Invite a person by email: a temporary password valid 7 days, which the new-user flow replaces',
        security,
        body: InviteRequest,
        response: { 201: AccountSummary, ...errors },
      },
    },
    async (request, reply) => {
      // Hashed before the transaction: the slow, bounded work holds no database connection.
      const temp = await newTemporaryPassword();
      const result = await request.work(
        'access.user.invite',
        ({ tx, scope }) => inviteAccount(tx, scope, request.body, temp, publicUrlOf(request), nowOf(request)),
        { mapDbError: duplicateKey },
      );
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/access/users/:userId',
    {
      config,
      schema: {
        tags,
        summary: "Change an account's name, roles, stores or menu access flags",
        security,
        params: AccountParams,
        headers: VersionHeaders,
        body: AccountUpdate,
        response: { 200: AccountSummary, ...errors },
      },
    },
    (request) =>
      request.work('access.user.update', ({ tx, scope }) =>
        updateAccount(tx, scope, request.params.userId, request.body, nowOf(request), request.headers['if-match']),
      ),
  );

  for (const [path, active, action] of [
    ['deactivate', false, 'access.user.deactivate'],
    ['reactivate', true, 'access.user.reactivate'],
  ] as const) {
    app.post(
      `/access/users/:userId/${path}`,
      {
        config,
        schema: {
          tags,
          summary: active ? 'Reactivate an account' : 'Deactivate an account: its sessions end at once',
          security,
          params: AccountParams,
          headers: VersionHeaders,
          response: { 200: AccountSummary, ...errors },
        },
      },
      (request) =>
        request.work(action, ({ tx, scope }) => setActive(tx, scope, request.params.userId, active, nowOf(request), request.headers['if-match'])),
    );
  }

  app.post(
    '/access/users/:userId/unlock',
    { config, schema: { tags, summary: "Clear an account's sign-in failures", security, params: AccountParams, response: { 200: AccountSummary, ...errors } } },
    (request) => request.work('access.user.unlock', ({ tx }) => unlockAccount(tx, request.params.userId, nowOf(request))),
  );

  app.post(
    '/access/users/:userId/invite',
    {
      config,
      schema: { tags, summary: 'Send the invitation again: a new temporary password, valid 7 more days', security, params: AccountParams, response: { 200: AccountSummary, ...errors } },
    },
    async (request) => {
      const temp = await newTemporaryPassword();
      return request.work('access.user.reinvite', ({ tx, scope }) => reinvite(tx, scope, request.params.userId, temp, publicUrlOf(request), nowOf(request)));
    },
  );

  app.post(
    '/access/users/:userId/password-reset',
    {
      config,
      schema: { tags, summary: 'Ask the person by email to set a new password (forgot-password flow)', security, params: AccountParams, response: { 200: Ok, ...errors } },
    },
    (request) =>
      request.work('access.user.passwordReset', ({ tx, scope }) => sendPasswordReset(tx, scope, request.params.userId, publicUrlOf(request), nowOf(request))),
  );
}
