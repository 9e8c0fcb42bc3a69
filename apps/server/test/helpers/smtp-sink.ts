import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for tests (decision 029): smtp-server, of the same project as nodemailer, on
// 127.0.0.1; every mail it accepts is parsed with mailparser. `refuse` answers chosen recipients with an
// SMTP error, as a full mailbox or an unknown address would; `refuseOnce` answers a recipient's next mail
// with a transient `451`, as a busy server would, and accepts the ones after it. `holdNext` keeps the next message in its DATA
// phase — received, not yet accepted — as a slow server would; a message whose client goes away before
// it is accepted is not a mail (it is counted only once accepted).

export interface SmtpSink {
  url: string;
  mails: ParsedMail[];
  /** Recipients (lower-case addresses) the server refuses with `550`. */
  refuse: Set<string>;
  /** Recipients (lower-case addresses) whose next mail the server refuses with `451`, once. */
  refuseOnce: Set<string>;
  /** Mails to one address. */
  to(address: string): ParsedMail[];
  /**
   * Holds the next message in its DATA phase (no answer to its final "."); resolves once one is held.
   * `release()` accepts it, if its client is still connected.
   */
  holdNext(): Promise<{ release(): void }>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const refuse = new Set<string>();
  const refuseOnce = new Set<string>();
  let hold: ((held: { release(): void }) => void) | null = null;
  const held = new Set<() => void>();
  const closedSessions = new Set<string>();
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
      if (refuseOnce.delete(address.address.toLowerCase())) {
        const error = new Error('4.3.2 Try again later') as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const accept = () => {
            held.delete(accept);
            if (closedSessions.has(session.id)) return;
            mails.push(mail);
            callback();
          };
          if (!hold) return accept();
          const resolveHeld = hold;
          hold = null;
          held.add(accept);
          resolveHeld({ release: accept });
        })
        .catch((error: unknown) => callback(error as Error));
    },
    onClose(session) {
      closedSessions.add(session.id);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse,
    refuseOnce,
    to: (address) =>
      mails.filter((mail) => {
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        return to.some((entry) =>
          entry.value.some((value) => value.address?.toLowerCase() === address.toLowerCase()),
        );
      }),
    holdNext: () => new Promise((resolve) => (hold = resolve)),
    close: () => {
      for (const accept of [...held]) accept();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
