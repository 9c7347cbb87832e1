import { Button } from '../ui/Button';

/** What LoadMore reads of an infinite query (TanStack's useInfiniteQuery). */
type Pages = { hasNextPage: boolean; isFetchNextPageError: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/**
 * Under a paged list (the server's cursor): how many rows are shown (a status, so a screen reader hears the count
 * grow), and Load more while there are more pages; a failed page says why with a Retry. Texts and look are the list's.
 */
export function LoadMore({
  pages,
  classes,
  shown,
  failed,
  retry,
  loadMore,
}: {
  pages: Pages;
  classes: { more: string; muted: string; failed: string };
  shown: string;
  failed: string;
  retry: string;
  loadMore: string;
}) {
  return (
    <div className={classes.more}>
      <p className={classes.muted} role="status">
        {shown}
      </p>
      {pages.isFetchNextPageError ? (
        <div role="alert" className={classes.failed}>
          <p className={classes.muted}>{failed}</p>
          <Button variant="secondary" onPress={() => void pages.fetchNextPage()}>
            {retry}
          </Button>
        </div>
      ) : (
        pages.hasNextPage && (
          <Button variant="secondary" isPending={pages.isFetchingNextPage} onPress={() => void pages.fetchNextPage()}>
            {loadMore}
          </Button>
        )
      )}
    </div>
  );
}
