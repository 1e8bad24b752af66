/**
 * DATA_DIR holds what no other account of the machine may read: the database, backups (password
 * hashes, phone numbers), the mail outbox (sign-in codes), photos and the secrets. Its folders are
 * 0700 and its files 0600, whatever the umask. DATA_DIR itself is 0711 when root starts the embedded
 * PostgreSQL server, which then runs as the user `postgres` and must pass through DATA_DIR to its own
 * DATA_DIR/pg and DATA_DIR/run: others may enter DATA_DIR by a name they know, but not list it, and
 * every name in it but those two is a folder or file only the server's user can open.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** The folders in DATA_DIR that belong to the embedded PostgreSQL server's user, which sets their modes. */
const POSTGRES_OWNED = new Set(['pg', 'pg.creating', 'run']);

export const runsAsRoot = () => process.getuid?.() === 0;

/** DATA_DIR's mode: 0711 when root starts the embedded PostgreSQL server (as `postgres`), else 0700. */
const dataDirMode = (embeddedAsRoot: boolean) => (embeddedAsRoot ? 0o711 : PRIVATE_DIR);

const ours = (uid: number) => process.getuid === undefined || uid === process.getuid();

/** Takes every right of group and others away from a file or folder of ours (a symbolic link is left alone). */
function tighten(file: string) {
  const st = lstatSync(file);
  if (st.isSymbolicLink() || !ours(st.uid) || (st.mode & 0o077) === 0) return;
  chmodSync(file, st.mode & 0o7700);
}

/**
 * Creates DATA_DIR with its mode (`dataDirMode`) and corrects a looser one, and takes group's and
 * others' rights away from everything directly in it (left by an earlier version or a copy that did
 * not keep the modes), apart from PostgreSQL's own folders. Safe to call at every start.
 */
export function secureDataDir(dataDir: string, embeddedAsRoot: boolean) {
  const mode = dataDirMode(embeddedAsRoot);
  mkdirSync(dataDir, { recursive: true, mode });
  const st = statSync(dataDir);
  if (ours(st.uid) && (st.mode & 0o777) !== mode) chmodSync(dataDir, mode);
  for (const name of readdirSync(dataDir)) if (!POSTGRES_OWNED.has(name)) tighten(`${dataDir}/${name}`);
}

/** A folder only the server's user may open: created 0700, and made so when it is looser. */
export async function privateDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  const st = await stat(dir);
  if (ours(st.uid) && (st.mode & 0o077) !== 0) await chmod(dir, st.mode & 0o7700);
}

export interface FolderEntry {
  /** Relative to the folder walked, with `/` separators. */
  path: string;
  kind: 'folder' | 'file' | 'other';
}

/**
 * Everything under `root`, parents before their contents, without ever entering a symbolic link
 * (reported as 'other', like sockets and devices). A missing folder holds nothing. With `prefix`,
 * the walk starts in that folder under `root`; paths stay relative to `root`.
 */
export async function* entriesUnder(root: string, prefix = ''): AsyncGenerator<FolderEntry> {
  const entries = await readdir(prefix ? `${root}/${prefix}` : root, { withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    const kind = e.isDirectory() ? 'folder' : e.isFile() ? 'file' : 'other';
    yield { path: rel, kind };
    if (kind === 'folder') yield* entriesUnder(root, rel);
  }
}
