import type { App } from '../app-types';
import { type Mailer, createMailer } from '../lib/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail through SMTP_URL, or writes it to the outbox (decision 029). */
    mailer: Mailer;
  }
}

export function registerMail(app: App): void {
  const mailer = createMailer({ db: app.db, smtpUrl: app.config.mail.smtpUrl, from: app.config.mail.from });
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
}
