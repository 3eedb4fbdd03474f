/**
 * Code-generator data sources: PostgreSQL only, on hosts listed in HELIO_DATASOURCE_HOSTS (a name exactly, or an
 * IP address in any notation). The URL is parsed into host, port and database and only those reach the driver — no
 * connection-string options (sslrootcert, passfile, unix sockets, service files …), so a data source can neither
 * reach another host nor read a file. The host is resolved through the outbound guard right before connecting and
 * the driver is given that checked address, not the name.
 */
import type pg from 'pg';
import { BizError } from '../../core/errors.js';
import { OutboundGuard } from '../../core/net-guard.js';
import type { SecretBox } from '../../core/secret-box.js';

export interface PgTarget {
  host: string;
  port: number;
  database: string;
}

const URL_FORM = /^(?:jdbc:postgresql|postgres|postgresql):\/\/([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:]{2,39}\])(?::(\d{1,5}))?\/([A-Za-z0-9_.-]{1,63})$/;

export function parseDatasourceUrl(url: string): PgTarget {
  const m = URL_FORM.exec(url.trim());
  if (!m) throw new BizError('datasourceUrlInvalid');
  const port = m[2] ? Number(m[2]) : 5432;
  if (port < 1 || port > 65535) throw new BizError('datasourceUrlInvalid');
  return { host: m[1]!.replace(/^\[|\]$/g, '').toLowerCase(), port, database: m[3]! };
}

export interface ColumnInfo {
  name: string;
  /** `format_type` text, e.g. `character varying(64)`, `numeric(10,3)`. */
  type: string;
  /** Base type name (`varchar`, `int8`, `timestamptz` …). */
  udt: string;
  nullable: boolean;
  hasDefault: boolean;
  comment: string;
  pk: boolean;
}

export interface TableInfo {
  name: string;
  comment: string;
}

export interface Credentials {
  url: string;
  username: string | null;
  password: string | null;
}

export class DatasourceService {
  private readonly guard: OutboundGuard;

  constructor(
    private readonly box: SecretBox,
    allowedHosts: readonly string[],
  ) {
    // Only the listed hosts: nothing else, public or not.
    this.guard = new OutboundGuard(allowedHosts, { allowPublic: false });
  }

  /** Throws unless the URL is well-formed and its host allow-listed. */
  check(url: string): PgTarget {
    const t = parseDatasourceUrl(url);
    if (!this.guard.listed(t.host)) throw new BizError('hostNotAllowed', { host: t.host });
    return t;
  }

  private async connect(c: Credentials): Promise<pg.Client> {
    const t = this.check(c.url);
    let addresses: string[];
    try {
      addresses = (await this.guard.resolve(t.host)).map((a) => a.address);
    } catch (e) {
      if (e instanceof BizError) throw e;
      throw new BizError('datasourceConnectFailed', { reason: reasonOf(e) });
    }
    let failure: unknown;
    // Each checked address in turn (`localhost` may answer on 127.0.0.1 only, or on ::1 only).
    const { default: postgres } = await import('pg');
    for (const address of addresses) {
      const client = new postgres.Client({
        host: address,
        port: t.port,
        database: t.database,
        user: c.username ?? undefined,
        password: this.box.open(c.password) ?? '',
        connectionTimeoutMillis: 5000,
        statement_timeout: 10_000,
        query_timeout: 15_000,
        application_name: 'helio-codegen',
        ssl: false,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return client;
      } catch (e) {
        await client.end().catch(() => undefined);
        failure = e;
        // Only an address that is not there is worth another try; a refused password is the answer.
        if (!['ECONNREFUSED', 'EADDRNOTAVAIL', 'ENETUNREACH', 'EHOSTUNREACH'].includes(String((e as { code?: string }).code))) break;
      }
    }
    throw new BizError('datasourceConnectFailed', { reason: reasonOf(failure) });
  }

  async with<T>(c: Credentials, run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = await this.connect(c);
    try {
      await client.query('SET default_transaction_read_only = on');
      return await run(client);
    } catch (e) {
      if (e instanceof BizError) throw e;
      throw new BizError('datasourceConnectFailed', { reason: reasonOf(e) });
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async test(c: Credentials): Promise<string> {
    return this.with(c, async (client) => String((await client.query<{ v: string }>('SELECT version() AS v')).rows[0]?.v ?? '').slice(0, 120));
  }

  async tables(c: Credentials): Promise<TableInfo[]> {
    return this.with(c, async (client) => {
      const r = await client.query<TableInfo>(
        `SELECT c.relname AS name, COALESCE(obj_description(c.oid, 'pg_class'), '') AS comment
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
          ORDER BY c.relname LIMIT 2000`,
      );
      return r.rows;
    });
  }

  async columns(c: Credentials, table: string): Promise<ColumnInfo[]> {
    return this.with(c, async (client) => {
      const r = await client.query<ColumnInfo>(
        `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, t.typname AS udt,
                NOT a.attnotnull AS nullable, a.atthasdef AS "hasDefault",
                COALESCE(col_description(a.attrelid, a.attnum), '') AS comment,
                EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS pk
           FROM pg_attribute a
           JOIN pg_class c ON c.oid = a.attrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
           JOIN pg_type t ON t.oid = a.atttypid
          WHERE n.nspname = current_schema() AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped
          ORDER BY a.attnum`,
        [table],
      );
      if (r.rows.length === 0) throw new BizError('tableNotFound', { table: table.slice(0, 63) });
      return r.rows;
    });
  }
}

function reasonOf(e: unknown): string {
  const err = e as { code?: string; message?: string };
  // Driver messages can name hosts and users; keep them short and server-side in spirit.
  return String(err.code ?? err.message ?? 'error').slice(0, 80);
}
