import { endpointRoute } from '../../lib/endpoint-route';
import {
  isAdministrator,
  apiEndpoints,
  type BannerLanguageContent,
  type BannerMessageItem,
  bannerContentIn,
  type ContractMessageItem,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { resolveLanguage } from '../../lib/language';
import { createBannerMessagesRepository } from './banner-messages-repository';

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

export interface MessagesRoutesOptions {
  /**
   * The organisation's contract waiting for acceptance, if any: the contract feature's
   * (contract/contract-notice.ts), passed in by app.ts since features never import each other.
   */
  pendingContract: (organisationId: string) => Promise<ContractMessageItem | null>;
}

/**
 * The message service of docs/product.md §7 for every signed-in user: the banner message for the UI language, the
 * new-contract message (organisation administrators only, docs/product.md §6), and closing a banner message so it
 * stays closed for that user (docs/product.md §4, management area).
 */
export const messagesRoutes: FastifyPluginAsyncZod<MessagesRoutesOptions> = async (
  app,
  { pendingContract },
) => {
  const banners = createBannerMessagesRepository(app.db, app.log);

  app.route({
    ...endpointRoute(apiEndpoints.getCurrentMessage),
    handler: async (request) => {
      const { user } = request;
      const language = resolveLanguage(
        request.query.uiLanguageName ?? request.query.isoLanguageName,
        user.uiLanguage,
      );
      const current = await banners.currentForUser(user.organisationId, user.id);
      if (!current) return { success: false, item: null };
      return { success: true, item: toItem(current.id, bannerContentIn(current.content, language)) };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getContractMessage),
    handler: async (request) => {
      const { user } = request;
      // docs/product.md §6: only organisationadministrator checks for and sees the new-contract notice. Anyone else
      // simply has no contract message (no hint that a contract exists).
      if (!isAdministrator(user)) return { available: false, item: null };
      const pending = await pendingContract(user.organisationId);
      if (!pending) return { available: false, item: null };
      return { available: true, item: pending };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.dismissMessage),
    handler: async (request, reply) => {
      const { user } = request;
      if (!(await banners.dismiss(user.organisationId, user.id, request.params.id))) {
        throw notFound('No such banner message');
      }
      return reply.status(204).send(null);
    },
  });
};
