import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_FILE, privateDir } from './data-dir';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Shown on the console by the development outbox only (the one-time code or link). */
  devHint?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** What became of a mail handed to the mailer: taken by the mail server (or the outbox), or not. */
export type MailOutcome = 'sent' | 'failed';

/**
 * `mailer`, counting its sends by outcome for GET /api/metrics: every mail the server sends (sign-in
 * codes, password resets, away e-mails, digests) goes through it. A send that fails still throws.
 */
export function countSends(mailer: Mailer): Mailer & { outcomes(): Record<MailOutcome, number> } {
  const counts: Record<MailOutcome, number> = { sent: 0, failed: 0 };
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        counts.failed += 1;
        throw err;
      }
      counts.sent += 1;
    },
    close: () => mailer.close(),
    outcomes: () => ({ ...counts }),
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise a development outbox under DATA_DIR/outbox (production
 * refuses to start without SMTP_URL), a 0700 folder of 0600 files: they hold sign-in codes.
 */
export async function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Print each outbox mail, with its code or link, on the console: in development only. */
  logHints: boolean;
}): Promise<Mailer> {
  if (opts.smtpUrl) {
    // Loaded only when configured: a start with the outbox does not pay for nodemailer.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      await privateDir(outbox);
      // Named by the time and a random id: nothing from the address reaches the file system.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomUUID()}.txt`);
      await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, {
        flag: 'wx',
        mode: PRIVATE_FILE,
      });
      if (opts.logHints)
        opts.log.info(`[dev outbox] ${mail.subject} → ${mail.to}${mail.devHint ? ` · ${mail.devHint}` : ''}`);
    },
    close() {},
  };
}
