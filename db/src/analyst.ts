/**
 * The analysts' Postgres role: it may log in (a bounded number of connections), SELECT from the views schema (on
 * views Ponder creates now and later), and read what Postgres lets every role read: the system catalogs
 * (pg_catalog, information_schema: names and definitions of schemas, tables, columns, roles and functions, never
 * the rows of a table it was not granted) and functions granted to PUBLIC. No other table: not Ponder's
 * deployment schema, not ponder_sync, not the gateway's own schema. Its statement timeout and read-only default
 * are role settings a session can change; the gateway's watchdog holds it to the timeout anyway.
 */
import { sharedEnv } from '@skald/env';
import type { Sql } from 'postgres';

export type AnalystRoleOptions = {
  /** role name (default skald_analyst) */
  role?: string;
  password: string;
  viewsSchema: string;
  /** the role's statement timeout in ms: SQL_TIMEOUT_MS, under its one rule and default (@skald/env) */
  statementTimeoutMs?: number;
  /** connections the role may hold at once, over every client (default 10; each gateway's /sql pool takes 4) */
  connectionLimit?: number;
};

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/** SQL_TIMEOUT_MS's rule, so the role's timeout is never one the gateway would refuse (it goes into SQL too). */
function sqlTimeoutMs(value: number | undefined): number {
  const parsed = sharedEnv.SQL_TIMEOUT_MS.safeParse(value);
  if (!parsed.success) throw new Error(`statement timeout ${value}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Creates or updates the role; idempotent, and safe when several processes run it at once. */
export async function ensureAnalystRole(sql: Sql, options: AnalystRoleOptions): Promise<{ role: string }> {
  const role = options.role ?? 'skald_analyst';
  const timeout = sqlTimeoutMs(options.statementTimeoutMs);
  if (!IDENT.test(role)) throw new Error(`analyst role must be a lower-case SQL identifier; got '${role}'`);
  if (!IDENT.test(options.viewsSchema)) throw new Error(`bad views schema '${options.viewsSchema}'`);
  const connections = options.connectionLimit ?? 10;
  if (!Number.isInteger(connections) || connections < 1)
    throw new Error('connection limit must be a positive integer');
  const password = options.password.replaceAll("'", "''");
  const schema = options.viewsSchema;
  const database = (await sql`select current_database() as name`)[0]?.name as string;
  // roles are per cluster: a concurrent creator may win the race, which is fine
  await sql.unsafe(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${role}') then
        create role ${role} login password '${password}' nosuperuser nocreatedb nocreaterole noinherit;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`);
  await sql.unsafe(`alter role ${role} login password '${password}' nosuperuser nocreatedb nocreaterole`);
  await sql.unsafe(`alter role ${role} set statement_timeout = ${timeout}`);
  await sql.unsafe(`alter role ${role} set default_transaction_read_only = on`);
  await sql.unsafe(`alter role ${role} set search_path = "${schema}"`);
  await sql.unsafe(`alter role ${role} set idle_in_transaction_session_timeout = 60000`);
  await sql.unsafe(`alter role ${role} connection limit ${connections}`);
  // the owner may signal the role's backends (the gateway's watchdog cancels statements past the limit)
  await sql.unsafe(`grant ${role} to current_user`).catch(() => {});
  await sql.unsafe(`revoke all on database "${database}" from public`).catch(() => {});
  await sql.unsafe(`grant connect on database "${database}" to ${role}`);
  await sql.unsafe(`revoke create on schema public from public`).catch(() => {});
  await sql.unsafe(`create schema if not exists "${schema}"`);
  await sql.unsafe(`grant usage on schema "${schema}" to ${role}`);
  await sql.unsafe(`grant select on all tables in schema "${schema}" to ${role}`);
  // views Ponder publishes later (a redeploy recreates them) are readable too
  await sql.unsafe(`alter default privileges in schema "${schema}" grant select on tables to ${role}`);
  return { role };
}

/** The analyst's connection string: the owner's URL with the analyst's user and password. */
export function analystUrl(databaseUrl: string, options: { role?: string; password: string }): string {
  const url = new URL(databaseUrl);
  url.username = options.role ?? 'skald_analyst';
  url.password = options.password;
  return url.toString();
}
