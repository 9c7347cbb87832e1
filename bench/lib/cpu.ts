/**
 * CPU time spent per request by the server process and by its PostgreSQL backends (Linux /proc, PostgreSQL on this
 * machine). Rates on a shared machine swing with other work; the CPU a request costs moves much less.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User and system CPU of a process in ms, or null where /proc cannot tell (another OS, the process is gone). */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / clockTicks()) * 1000;
  } catch {
    return null;
  }
}

export interface CpuProbe {
  /** CPU ms so far of the server and of the database's backends (those alive at both readings count). */
  read(): Promise<{ serverMs: number | null; databaseMs: Map<number, number> }>;
}

export interface CpuPerRequest {
  serverUs: number | null;
  /** null on PGlite (inside the server) or when the backends cannot be read. */
  databaseUs: number | null;
}

export function cpuProbe(serverPid: number | undefined, database?: { url: string; name: string }): CpuProbe {
  return {
    async read() {
      const databaseMs = new Map<number, number>();
      if (database) {
        const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 3_000 });
        try {
          await client.connect();
          const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database.name]);
          for (const { pid } of rows) {
            const ms = processCpuMs(pid);
            if (ms !== null) databaseMs.set(pid, ms);
          }
        } catch {
          // No figure for the database then; the load test itself goes on.
        } finally {
          await client.end().catch(() => {});
        }
      }
      return { serverMs: serverPid === undefined ? null : processCpuMs(serverPid), databaseMs };
    },
  };
}

export function perRequest(
  before: Awaited<ReturnType<CpuProbe['read']>>,
  after: Awaited<ReturnType<CpuProbe['read']>>,
  requests: number,
  withDatabase: boolean,
): CpuPerRequest {
  if (requests <= 0) return { serverUs: null, databaseUs: null };
  const serverUs = before.serverMs !== null && after.serverMs !== null ? ((after.serverMs - before.serverMs) * 1000) / requests : null;
  let databaseMs = 0;
  for (const [pid, ms] of after.databaseMs) {
    const was = before.databaseMs.get(pid);
    if (was !== undefined) databaseMs += ms - was;
  }
  const databaseUs = withDatabase && after.databaseMs.size ? (databaseMs * 1000) / requests : null;
  return { serverUs: serverUs === null ? null : Math.round(serverUs), databaseUs: databaseUs === null ? null : Math.round(databaseUs) };
}
