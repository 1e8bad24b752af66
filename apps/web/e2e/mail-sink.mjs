// A real SMTP server for the E2E run, in its own process: every mail it receives is saved as JSON
// in the folder given as the first argument. Prints its port once listening.
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = process.argv[2];
let n = 0;
const decodeQp = (s) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const mail = {
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        body: decodeQp(raw),
      };
      // Written aside and renamed: a reader never sees a mail half written.
      const file = path.join(dir, `${String(++n).padStart(5, '0')}.json`);
      writeFileSync(`${file}.part`, JSON.stringify(mail));
      renameSync(`${file}.part`, file);
      done();
    });
  },
});
server.listen(0, '127.0.0.1', () => console.log(`PORT ${server.server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
