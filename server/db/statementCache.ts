import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query anew; preparing measured about a
 * third of the database time of a verification. Queries repeat (the same
 * verify for 1 to 50 IDs, the same session lookup), so each distinct SQL text
 * keeps its prepared statement. Kysely runs one query at a time on the
 * connection, so a statement is never used twice at once.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, limit = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so the oldest is the one dropped.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql) as unknown as SqliteStatement;
        if (statements.size >= limit) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
