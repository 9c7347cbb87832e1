import type { ReactNode } from 'react';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/http';
import { readFirstPaint } from '../firstPaint/readFirstPaint';
import { useServerQueries } from './queries';

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again (and a 401 is the session's business, not a retry's).
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });

/**
 * TanStack Query for the pages' server data, with the runtime's one client (src/app/queries.ts). The signed-in
 * shell has it around every page inside it (./SignedInShell.tsx); a page drawn without the shell that reads server
 * data wraps itself in it. Imported only by lazy chunks: the sign-in page loads without TanStack Query.
 */
export function ServerData({ children }: { children: ReactNode }) {
  const client = useServerQueries().client(() => {
    const created = createQueryClient();
    // The page the server drew shows its data at once; TanStack Query still asks again as the page mounts.
    const firstPaint = readFirstPaint();
    if (firstPaint) hydrate(created, firstPaint);
    return created;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
