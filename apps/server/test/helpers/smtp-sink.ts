import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for tests (decision 029): smtp-server, of the same project as nodemailer, on
// 127.0.0.1; every mail it accepts is parsed with mailparser. `refuse` answers chosen recipients with an
// SMTP error, as a full mailbox or an unknown address would.

export interface SmtpSink {
  url: string;
  mails: ParsedMail[];
  /** Recipients (lower-case addresses) the server refuses with `550`. */
  refuse: Set<string>;
  /** Mails to one address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its self-signed certificate is not what is tested) and no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    to: (address) =>
      mails.filter((mail) => {
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        return to.some((entry) => entry.value.some((value) => value.address?.toLowerCase() === address.toLowerCase()));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
