// Makes an account a campus moderator, or takes the flag away:
//
//   npm run moderator -- add someone@example.edu
//   npm run moderator -- remove someone@example.edu
//
// It uses DATABASE_URL, or the embedded PostgreSQL server in DATA_DIR (stop the app first: only one
// process may run it). Servers sharing an external database hear of the change at once.
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config';
import { EmbeddedPostgresError, openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { CHANGES_CHANNEL } from '../src/lib/changes';
import { mailboxOf } from '../src/lib/email-address';

const USAGE = 'Usage: npm run moderator -- add|remove EMAIL';

async function main(): Promise<number> {
  const [command, rawEmail] = process.argv.slice(2);
  if ((command !== 'add' && command !== 'remove') || !rawEmail) {
    console.error(USAGE);
    return 2;
  }
  const email = rawEmail.trim().toLowerCase();
  const database = await openDatabase(loadConfig());
  try {
    const [user] = await database.db
      .update(users)
      .set({ isModerator: command === 'add', updatedAt: new Date() })
      // The account stored with exactly this address, or else the one of its mailbox (asha+x@: asha@).
      .where(
        sql`${users.id} = (select u.id from ${users} u where lower(u.email) in (${email}, ${mailboxOf(email)})
          order by lower(u.email) = ${email} desc limit 1)`,
      )
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!user) {
      console.error(`No account has the address ${email}.`);
      return 2;
    }
    // Running servers drop the cached user, so the flag applies to their next call.
    await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`user:${user.id}`})`);
    console.log(
      command === 'add'
        ? `${user.name} <${user.email}> is now a moderator.`
        : `${user.name} <${user.email}> is no longer a moderator.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof EmbeddedPostgresError ? err.message : err);
    process.exit(1);
  },
);
