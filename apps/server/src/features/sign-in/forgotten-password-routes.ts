import {
  apiEndpoints,
  errorCodes,
  passwordResetLinkMinutes,
  type UiLanguageName,
  uiLanguageNames,
} from '@cockpit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertAcceptablePassword } from '../../auth/password';
import { endpointRoute } from '../../lib/endpoint-route';
import { HttpError } from '../../lib/http-error';
import { escapeHtml, fill } from '../../mail';
import { sendTooMany } from '../../plugins/rate-limits';
import { accountKey } from '../../plugins/sign-in-guard';
import { type ResetCandidate, createForgottenPasswordRepository } from './forgotten-password-repository';

/** Requests per e-mail address and hour (decision 031): a mailbox is not flooded with links. */
export const resetRequestsPerAddressPerHour = 5;
/** Requests per client address and hour: enough for a family behind one router, not for a script. */
export const resetRequestsPerClientPerHour = 20;
/** Attempts to use a link per client address and hour (guessing a 256-bit token is hopeless; still bounded). */
export const resetCompletionsPerClientPerHour = 30;

const hourMs = 60 * 60_000;

/** Where the mail's link opens the web app's "Choose a new password" page; the token in the fragment. */
export const resetPasswordPagePath = '/reset-password';

export interface ForgottenPasswordRoutesOptions {
  /**
   * Whether the user's organisation refuses passwords (decision 020: single sign-on required, not its
   * break-glass administrator): the single-sign-on feature's `passwordRefusal`, passed in by app.ts.
   */
  refusesPassword: (candidate: ResetCandidate) => Promise<boolean>;
}

/**
 * Forgotten passwords (docs/decisions/031-forgotten-passwords.md): `POST /api/auth/password-reset/request`
 * answers at once and the same for every address, then — after answering — mails a single-use link valid
 * for `passwordResetLinkMinutes` in the user's language, through SMTP_URL or the outbox (decision 029).
 * `POST /api/auth/password-reset/complete` uses the link: the password rules of decision 022 apply, every
 * session of the user ends. Neither for users whose organisation requires single sign-on (decision 020).
 * Limits per address and per client through the one rate limiter (docs/decisions/034-one-rate-limiter.md).
 */
export const forgottenPasswordRoutes: FastifyPluginAsyncZod<ForgottenPasswordRoutesOptions> = async (
  app,
  { refusesPassword },
) => {
  const repository = createForgottenPasswordRepository(app.db);
  /** Work done after answering; the server waits for it when it closes. */
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  // Both limits through the rate limiter's own store (one check each; its route hook runs only one per request).
  const perClient = (max: number, name: string) =>
    app.createRateLimit({
      max,
      timeWindow: hourMs,
      keyGenerator: (request) => `${name}:client:${request.ip}`,
    });
  const perAddress = app.createRateLimit({
    max: resetRequestsPerAddressPerHour,
    timeWindow: hourMs,
    keyGenerator: (request) => {
      const { email } = request.body as { email: string };
      return `password-reset:address:${accountKey(app.config.authSecret, email)}`;
    },
  });
  type Limit = ReturnType<typeof app.createRateLimit>;
  /** A preHandler answering 429 with Retry-After when any of the limits is exceeded. */
  const limitedBy =
    (...limits: Limit[]) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limit of limits) {
        const result = await limit(request);
        if (result.isAllowed || !result.isExceeded) continue;
        request.log.warn(
          { event: 'auth.password_reset.rate_limited', url: request.url },
          'forgotten password: too many requests',
        );
        return sendTooMany(reply, result.ttlInSeconds, 'Too many requests. Please try again later.');
      }
      return undefined;
    };

  async function mailLink(email: string, requestLog: typeof app.log): Promise<void> {
    const candidate = await repository.candidateByEmail(email);
    if (!candidate) {
      requestLog.info(
        { event: 'auth.password_reset.unknown' },
        'forgotten password: no account for the address',
      );
      return;
    }
    if (await refusesPassword(candidate)) {
      requestLog.info(
        { event: 'auth.password_reset.sso_required', userId: candidate.id },
        'forgotten password: the organisation requires single sign-on; no link sent',
      );
      return;
    }
    const token = await repository.createToken(candidate.id, passwordResetLinkMinutes);
    const language: UiLanguageName = (uiLanguageNames as readonly string[]).includes(candidate.uiLanguage)
      ? (candidate.uiLanguage as UiLanguageName)
      : 'en';
    const link = `${app.config.publicUrl}${resetPasswordPagePath}#token=${token}`;
    const t = (key: string) =>
      fill(language, key, { name: candidate.name, minutes: String(passwordResetLinkMinutes) });
    const subject = t('forgottenPassword.mail.subject');
    const lines = [
      t('forgottenPassword.mail.greeting'),
      t('forgottenPassword.mail.text'),
      t('forgottenPassword.mail.ignore'),
    ];
    const sent = await app.mailer.send({
      to: candidate.email,
      subject,
      text: [lines[0], '', lines[1], '', link, '', lines[2], ''].join('\n'),
      html: [
        `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
        '<body style="font-family:Arial,Helvetica,sans-serif;color:#212529">',
        `<p>${escapeHtml(lines[0]!)}</p>`,
        `<p>${escapeHtml(lines[1]!)}</p>`,
        `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(t('forgottenPassword.mail.open'))}</a></p>`,
        `<p style="color:#495057;font-size:13px">${escapeHtml(link)}</p>`,
        `<p style="color:#495057">${escapeHtml(lines[2]!)}</p>`,
        '</body></html>',
      ].join(''),
      organisationId: candidate.organisationId,
    });
    requestLog.info(
      { event: 'auth.password_reset.mailed', userId: candidate.id, via: sent.via },
      'forgotten password: link mailed',
    );
  }

  app.route({
    ...endpointRoute(apiEndpoints.requestPasswordReset),
    preHandler: limitedBy(perClient(resetRequestsPerClientPerHour, 'password-reset-request'), perAddress),
    handler: async (request, reply) => {
      // Answered before anything is looked up: the same answer in the same time for every address.
      await reply.status(202).send({ accepted: true });
      const work = mailLink(request.body.email, request.log)
        .catch((error: unknown) => {
          request.log.error(
            { err: error, event: 'auth.password_reset.failed' },
            'forgotten password: no link sent',
          );
        })
        .finally(() => pending.delete(work));
      pending.add(work);
      return reply;
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.completePasswordReset),
    preHandler: limitedBy(perClient(resetCompletionsPerClientPerHour, 'password-reset-complete')),
    handler: async (request, reply) => {
      const { token, newPassword } = request.body;
      const candidate = await repository.candidateByToken(token);
      if (!candidate) {
        request.log.warn(
          { event: 'auth.password_reset.link_refused' },
          'forgotten password: link used, expired or unknown',
        );
        throw new HttpError(
          410,
          errorCodes.linkUsed,
          'This link has been used or has expired. Ask for a new one.',
        );
      }
      if (await refusesPassword(candidate)) {
        throw new HttpError(
          403,
          errorCodes.singleSignOnRequired,
          'Your organisation signs in with single sign-on. Use "Sign in with your organisation".',
        );
      }
      assertAcceptablePassword(newPassword, 'newPassword', { email: candidate.email, name: candidate.name });
      const done = await repository.complete(token, newPassword);
      if (!done)
        throw new HttpError(
          410,
          errorCodes.linkUsed,
          'This link has been used or has expired. Ask for a new one.',
        );
      // Committed: every server process forgets the user's sessions and closes their streams (decision 017).
      app.sessionEvents.emitEnded({ userId: done.userId, sessionId: null });
      request.log.info(
        {
          event: 'auth.password_reset.completed',
          userId: done.userId,
          endedSessions: done.endedSessionIds.length,
        },
        'forgotten password: new password set, every session ended',
      );
      return reply.status(204).send(null);
    },
  });
};
