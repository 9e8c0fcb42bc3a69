import { type Mailer, createMailer } from './mailer';
import { declaredPlugin, pluginNames } from '../plugins/declared-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail through SMTP_URL, or writes it to the outbox (decision 029). */
    mailer: Mailer;
  }
}

export const mailPlugin = declaredPlugin(pluginNames.mail, [pluginNames.database], (app) => {
  const mailer = createMailer({ db: app.db, smtpUrl: app.config.mail.smtpUrl, from: app.config.mail.from });
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
});
