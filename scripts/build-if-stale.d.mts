/** Builds the browser app when its sources are newer than the last build (or there is none). */
export function buildIfStale(root: string): void;
