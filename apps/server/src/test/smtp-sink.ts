import { SMTPServer } from 'smtp-server';

interface SunkMail {
  to: string[];
  subject: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  body: string;
}

const decodeQp = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    // A run of encoded bytes is UTF-8 text ("“" is =E2=80=9C).
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(
        run
          .slice(1)
          .split('=')
          .map((hex) => parseInt(hex, 16)),
      ).toString('utf8'),
    );

/** A real SMTP server on 127.0.0.1 that keeps what it receives, so tests read codes and links from mail. */
export async function startSmtpSink() {
  const mails: SunkMail[] = [];
  const waiters: Array<() => void> = [];
  /** Mails still to refuse with a temporary failure (451), as a mail server that is struggling. */
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          return done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          body: decodeQp(raw),
        });
        waiters.splice(0).forEach((w) => w());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  const find = (to: string, match?: RegExp) =>
    mails.filter(
      (m) => m.to.includes(to.toLowerCase()) && (!match || match.test(m.subject) || match.test(m.body)),
    );

  /** Waits for the n-th mail to `to` (matching `match`), up to `timeoutMs`. */
  async function waitFor(to: string, opts: { match?: RegExp; count?: number; timeoutMs?: number } = {}) {
    const count = opts.count ?? 1;
    const deadline = Date.now() + (opts.timeoutMs ?? 5000);
    while (find(to, opts.match).length < count) {
      if (Date.now() > deadline) throw new Error(`No mail #${count} to ${to} within the time limit`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return find(to, opts.match)[count - 1]!;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    find,
    waitFor,
    /** The next `count` mails are refused with a temporary failure. */
    refuseNext(count: number) {
      refusing = count;
    },
    async latestCode(to: string, count = 1) {
      const mail = await waitFor(to, { match: /verification code/, count });
      return /verification code: (\d{6})/.exec(mail.subject)![1]!;
    },
    async latestResetToken(to: string, count = 1) {
      const mail = await waitFor(to, { match: /Reset your CampusRun password/, count });
      return decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.body)![1]!);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
