/** Progress lines, error text and the figures of the report. */

export function log(line: string) {
  process.stderr.write(`${line}\n`);
}

export function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export function grouped(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function table(rows: string[][], indent = '  '): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      (
        indent +
        row
          .map((cell, i) => {
            // Numbers (and figures with units) right-aligned, labels left-aligned.
            const numeric = i > 0 && /^[\d.,<>=≥≤ -]/.test(cell) && /\d/.test(cell);
            return numeric ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
          })
          .join('   ')
      ).trimEnd(),
    )
    .join('\n');
}
