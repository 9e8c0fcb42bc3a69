import {
  type BannerLanguageContent,
  type BannerMessageItem,
  apiErrorSchema,
  contractMessageResponseSchema,
  currentMessageQuerySchema,
  currentMessageResponseSchema,
  emptyBodySchema,
  idParamsSchema,
  managementRoleKey,
  messagesApiPaths,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { isGerman, resolveLanguage } from '../../lib/language';
import { createBannerMessagesRepository } from './banner-messages-repository';
import { createContractsRepository } from './contracts-repository';

const security = [{ bearerAuth: [] }];

function toItem(id: string, content: BannerLanguageContent): BannerMessageItem {
  return {
    id,
    title: content.title,
    body: content.body,
    action: { label: content.primary.label || null, type: content.primary.type, href: content.primary.href },
    secondaryAction: content.secondary
      ? { label: content.secondary.label, type: content.secondary.type, href: content.secondary.href }
      : null,
  };
}

/**
 * The message service of spec §7 for every signed-in user: the banner message for the UI language, the
 * new-contract message (organisation administrators only, spec §6), and closing a banner message so it
 * stays closed for that user (spec §4, issue 6).
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const banners = createBannerMessagesRepository(app.db, app.log);
  const contracts = createContractsRepository(app.db);

  app.get(
    messagesApiPaths.current,
    {
      schema: {
        tags: ['messages'],
        summary: 'The banner message to show now, in the given UI language (`item: null` when none)',
        security,
        querystring: currentMessageQuerySchema,
        response: { 200: currentMessageResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = request;
      const language = resolveLanguage(
        request.query.uiLanguageName ?? request.query.isoLanguageName,
        user.uiLanguage,
      );
      const current = await banners.currentForUser(user.organisationId, user.id);
      if (!current) return { success: false, item: null };
      return { success: true, item: toItem(current.id, current.content[isGerman(language) ? 'de' : 'en']) };
    },
  );

  app.get(
    messagesApiPaths.contract,
    {
      schema: {
        tags: ['messages'],
        summary: 'Whether a new contract waits for acceptance (only ever for organisation administrators)',
        security,
        querystring: withClientQuery({}),
        response: { 200: contractMessageResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = request;
      // spec §6: only organisationadministrator checks for and sees the new-contract notice. Anyone else
      // simply has no contract message (no hint that a contract exists).
      if (user.roleKey !== managementRoleKey) return { available: false, item: null };
      const pending = await contracts.pending(user.organisationId);
      if (!pending) return { available: false, item: null };
      return {
        available: true,
        item: { id: pending.id, reference: pending.reference, startsOn: pending.startsOn },
      };
    },
  );

  app.post(
    messagesApiPaths.dismissal,
    {
      schema: {
        tags: ['messages'],
        summary: 'Close a banner message for the signed-in user, for good (idempotent)',
        security,
        params: idParamsSchema,
        querystring: withClientQuery({}),
        body: emptyBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = request;
      if (!(await banners.dismiss(user.organisationId, user.id, request.params.id))) {
        throw notFound('No such banner message');
      }
      return reply.status(204).send(null);
    },
  );
};
