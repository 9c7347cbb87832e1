import type { Plugin, Rolldown } from 'vite';

/**
 * Left to itself, the bundler splits the code that lazy pages share into one chunk per set of pages sharing it: the
 * register's first visit asked for about 60 files, and over HTTP/1.1's six connections per origin that queueing,
 * not the bytes, was most of its cold opening (docs/architecture.md, "The browser bundle").
 *
 * This plugin names the modules of two chunks: "shell", what the signed-in shell imports (every signed-in page needs
 * it), and "pages", every other module that two or more pages import. A page then loads the shell, the pages chunk
 * and its own. It reads the module graph once it is complete (buildEnd), before the chunks are made. The graph there
 * is before tree-shaking: through a library's index module a page seems to reach all of it, so the sets are wider
 * than what ships, which costs nothing (what no chunk uses is dropped). Left out of both:
 * - the entry's own modules: the entry chunk's group comes first and takes them;
 * - whatever the other lazy modules reach: the session's flows and the contract's shapes they parse (which the
 *   sign-in page loads, so it never loads either chunk), the languages and the themes (each loaded when chosen).
 */
const signedInShell = /[\\/]src[\\/]app[\\/]SignedInShell\.tsx$/;
/** The store's public booking page: a guest opens it without the shell. */
const guestBooking = /[\\/]src[\\/]views[\\/]booking[\\/]GuestBookingPage\.tsx$/;
/** A lazily loaded page (or a part of one), the shell, or the table of staff pages; any other lazy module is a loader. */
const page = /[\\/]src[\\/](views[\\/]|app[\\/](SignedInShell|staffPages)\.tsx?$)/;

export function pagesChunk(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  let shellMembers = new Set<string>();
  let sharedMembers = new Set<string>();
  let bookingMembers = new Set<string>();
  const plugin: Plugin = {
    name: 'pages-chunk',
    apply: 'build',
    buildEnd() {
      const graph = new Map<string, Rolldown.ModuleInfo>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info) graph.set(id, info);
      }
      const closure = (roots: Iterable<string>): Set<string> => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(graph.get(id)?.importedIds ?? []));
        }
        return seen;
      };
      const lazyRoots = [...new Set([...graph.values()].flatMap((m) => m.dynamicallyImportedIds))];
      const unshared = closure(lazyRoots.filter((id) => !page.test(id)));
      const uses = new Map<string, number>();
      for (const root of lazyRoots) {
        if (unshared.has(root)) continue;
        for (const id of closure([root])) uses.set(id, (uses.get(id) ?? 0) + 1);
      }
      const shell = closure(lazyRoots.filter((id) => signedInShell.test(id)));
      // The booking page's own: what it reaches that the entry does not. The walk stops at the entry's modules, so a
      // library the entry imports through its index (React Aria) does not bring every module of it into this chunk,
      // where the other pages would fetch them from (the entry's group takes the modules the entry uses).
      const entry = closure([...graph.values()].filter((m) => m.isEntry).map((m) => m.id));
      const booking = new Set<string>();
      const stack = lazyRoots.filter((id) => guestBooking.test(id));
      while (stack.length) {
        const id = stack.pop()!;
        if (booking.has(id) || entry.has(id)) continue;
        booking.add(id);
        stack.push(...(graph.get(id)?.importedIds ?? []));
      }
      bookingMembers = new Set([...booking].filter((id) => !unshared.has(id) && !guestBooking.test(id)));
      shellMembers = new Set([...shell].filter((id) => !unshared.has(id) && !bookingMembers.has(id)));
      sharedMembers = new Set([...uses].filter(([id, count]) => count >= 2 && !shell.has(id) && !unshared.has(id) && !bookingMembers.has(id)).map(([id]) => id));
    },
  };
  // Only the named modules: by default a group also takes its modules' imports, which would draw what the sign-in
  // page loads (the contract's common shapes, zod) into it. Those stay in their chunks and are imported from there.
  // No cycle between chunks can form: the shell's set holds everything its modules import (but the sign-in's), and a
  // module two pages import is imported by both with everything it imports.
  return {
    plugin,
    groups: [
      { name: 'booking', test: (id) => bookingMembers.has(id), includeDependenciesRecursively: false },
      { name: 'shell', test: (id) => shellMembers.has(id), includeDependenciesRecursively: false },
      { name: 'pages', test: (id) => sharedMembers.has(id), includeDependenciesRecursively: false },
    ],
  };
}
