/** What one bench run measured: written to bench/results/latest.json, checked against the budgets, reported. */
import type { BrowserResults } from './browser';
import type { DayResults } from './day';
import type { SlotsResults } from './slots';
import type { measureBundle } from './bundle';
import type { LighthouseResults } from './lighthouse';
import type { DbKind, StartupPair } from './startup';
import type { ApiLoad, LoadResult } from './throughput';

export type Status = 'PASS' | 'MISS' | 'SKIP';

export interface BudgetCheck {
  name: string;
  status: Status;
  value: string;
  limit: string;
  note?: string;
}

export interface Results {
  meta: {
    date: string;
    node: string;
    platform: string;
    cpus: string;
    commit: string | null;
    durationSeconds: number;
    warmupSeconds: number;
    connections: number;
    /** 1, 5 and 15-minute load averages when the bench began: other work on the machine skews every figure. */
    loadAverageAtStart: number[];
    /** Share of all CPUs busy (with other work) in the second before the bench began. */
    cpuBusyAtStart: number;
  };
  startup: Partial<Record<DbKind, StartupPair | { skipped: string }>>;
  throughput: {
    bare?: LoadResult;
    postgres?: ApiLoad & { ratioMeToBare: number | null };
    pglite?: ApiLoad & { ratioMeToBare: number | null };
    postgresSkipped?: string;
  };
  bundle?: ReturnType<typeof measureBundle> | { skipped: string };
  browser?: BrowserResults | { skipped: string };
  lighthouse?: LighthouseResults | { skipped: string };
  /** The busy day (bench/day.ts), also written to bench/results/day.json. */
  day?: DayResults | { skipped: string };
  /** Free slots (bench/slots.ts), also written to bench/results/slots.json. */
  slots?: SlotsResults | { skipped: string };
  budgets: BudgetCheck[];
  errors: string[];
}
