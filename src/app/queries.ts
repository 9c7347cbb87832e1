import { createContext, useContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The pages' server data (TanStack Query). Its client is made when the first page that needs it loads
 * (./ServerData.tsx: the signed-in shell has it around every page inside it), so the sign-in page loads without
 * TanStack Query. The runtime clears it when the session ends.
 */
export interface ServerQueries {
  /** The client, made by `create` the first time it is asked for. */
  client(create: () => QueryClient): QueryClient;
  /** Forgets all server data (no-op before the shell has loaded). */
  clear(): void;
}

export function createServerQueries(): ServerQueries {
  let client: QueryClient | null = null;
  return {
    client: (create) => (client ??= create()),
    clear: () => client?.clear(),
  };
}

const ServerQueriesContext = createContext<ServerQueries | null>(null);

/** Hands the runtime's server queries to the shell (src/app/App.tsx). */
export const ServerQueriesProvider = ServerQueriesContext.Provider;

export function useServerQueries(): ServerQueries {
  const queries = useContext(ServerQueriesContext);
  if (!queries) throw new Error('useServerQueries needs a ServerQueriesProvider above it');
  return queries;
}
