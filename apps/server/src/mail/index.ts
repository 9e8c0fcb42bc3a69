export { mailPlugin } from './mail-plugin';
export { escapeHtml, fill } from './mail-text';
export { type MailAttachment, type Mailer, MailFailure } from './mailer';
export { outboxRoutes } from './outbox-routes';
export * from './mail-schema';
