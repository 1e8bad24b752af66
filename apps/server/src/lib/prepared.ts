import type { Db } from '../db/client';

/**
 * A store of prepared statements, one per database and name: `statement(db, name, prepare)` prepares
 * on the first call with that name and hands back the same statement on every later one.
 */
export function preparedStatements<S>() {
  const byDb = new WeakMap<Db, Map<string, S>>();
  return (db: Db, name: string, prepare: () => S): S => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map()));
    let statement = statements.get(name);
    if (!statement) statements.set(name, (statement = prepare()));
    return statement;
  };
}
