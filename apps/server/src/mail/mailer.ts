import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Database } from '../db/database';
import { type OutboxAttachment, mailOutbox } from './mail-schema';

// Mail (decision 029): nodemailer builds every message; with SMTP_URL it goes to that server, without it
// the whole message is written to the outbox table administrators read (Management → Outbox), so the
// feature can be tried after `npm start`. One module decides which; callers only `send`.

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for images the HTML part shows inline (`<img src="cid:…">`). */
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** The organisation whose administrators may read it in the outbox. */
  organisationId: string | null;
  /** A subscription delivery: its mail is written or sent under this id once (Message-ID, outbox key). */
  deliveryId?: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  via: 'smtp' | 'outbox';
  /** The SMTP server's answer, or the outbox row's id. */
  detail: string;
}

/** The SMTP server refused or could not be reached: `reason` is its answer (a delivery's failure reason). */
export class MailFailure extends Error {
  override name = 'MailFailure';
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface Mailer {
  readonly via: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  db: Database;
  smtpUrl: string | null;
  from: string;
}

const messageIdDomain = 'report-cockpit.invalid';

export function createMailer({ db, smtpUrl, from }: MailerOptions): Mailer {
  const smtp = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        // A hung server fails the attempt (then the job's retry), it never holds it for ever.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      } satisfies SMTPTransport.Options)
    : null;
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const mailOptions = (message: MailMessage) => ({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
      ...(attachment.cid ? { cid: attachment.cid } : {}),
    })),
    ...(message.deliveryId ? { messageId: `<${message.deliveryId}@${messageIdDomain}>` } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
  });

  return {
    via: smtp ? 'smtp' : 'outbox',
    async send(message) {
      if (smtp) {
        try {
          const info = await smtp.sendMail(mailOptions(message));
          return { via: 'smtp', detail: String(info.response ?? '') };
        } catch (error) {
          const failure = error as { response?: string; message?: string };
          throw new MailFailure(failure.response ?? failure.message ?? String(error));
        }
      }
      const built = await writer.sendMail(mailOptions(message));
      // `buffer: true`: the stream transport hands the whole message over as one Buffer, never as a stream.
      if (!Buffer.isBuffer(built.message)) throw new MailFailure('the message was not built into a buffer');
      const raw = built.message.toString('utf8');
      const attachments: OutboxAttachment[] = (message.attachments ?? []).map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.content.length,
      }));
      const [row] = await db
        .insert(mailOutbox)
        .values({
          organisationId: message.organisationId,
          deliveryId: message.deliveryId ?? null,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          attachments,
          raw,
        })
        .onConflictDoNothing({ target: mailOutbox.deliveryId })
        .returning({ id: mailOutbox.id });
      return { via: 'outbox', detail: row?.id ?? 'already written' };
    },
    close() {
      smtp?.close();
    },
  };
}
