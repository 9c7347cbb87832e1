import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Aria Components declares each component's contexts in the component's own module (Button.mjs holds
 * ButtonContext and Button). Many of its modules import only another module's contexts (TextField.mjs takes
 * FieldInputContext from Autocomplete.mjs, Button.mjs ProgressBarContext from ProgressBar.mjs), and a bundler keeps or
 * drops whole modules per chunk: so the sign-in page's entry chunk carried every component of those modules that a
 * lazy page uses (the shell's Autocomplete with its focus scopes, ProgressBar with its number formatting), ~5 kB gzip.
 *
 * This plugin moves each exported context whose default is `null` or `{}` into a small module of its own
 * (`<module>.mjs?rac-contexts`); the component module imports it from there (one context object, as before), and a
 * module that imports nothing but contexts from another imports that small module instead. What it rewrites is
 * checked: a module whose shape it does not recognise is left as it is.
 */
const privateDir = `${path.sep}react-aria-components${path.sep}dist${path.sep}private${path.sep}`;
const QUERY = '?rac-contexts';
const contextDecl = /^const (\$[\w$]+) = \/\*#__PURE__\*\/ \(0, \$\w+\$createContext\)\((null|\{\})\);$/gm;
const exportBlock = /^export \{([^}]*)\};$/m;
const importLine = /^import \{([^}]*)\} from "(\.\/[\w-]+\.mjs)";$/gm;

interface Contexts {
  /** exported name -> default (`null` or `{}`) */
  byName: Map<string, string>;
  /** local name -> exported name */
  locals: Map<string, string>;
}

const cache = new Map<string, Contexts>();

function contextsOf(file: string, code = readFileSync(file, 'utf8')): Contexts {
  const known = cache.get(file);
  if (known) return known;
  const exported = new Map<string, string>();
  for (const part of exportBlock.exec(code)?.[1]?.split(',') ?? []) {
    const [local, name] = part.trim().split(/\s+as\s+/);
    if (local && name) exported.set(local, name);
  }
  const result: Contexts = { byName: new Map(), locals: new Map() };
  for (const [, local, init] of code.matchAll(contextDecl)) {
    const name = exported.get(local!);
    if (!name) continue;
    result.byName.set(name, init!);
    result.locals.set(local!, name);
  }
  cache.set(file, result);
  return result;
}

export function racContexts(): Plugin {
  return {
    name: 'rac-contexts',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      const { byName } = contextsOf(file);
      if (byName.size === 0) throw new Error(`rac-contexts: ${file} has no contexts`);
      return [
        'import { createContext } from "react";',
        ...[...byName].map(([name, init]) => `export const ${name} = /*#__PURE__*/ createContext(${init});`),
      ].join('\n');
    },
    transform(code, id) {
      if (!id.includes(privateDir) || !id.endsWith('.mjs')) return null;
      const dir = path.dirname(id);
      let out = code;
      // 1. This module's own contexts come from its contexts module.
      const own = contextsOf(id, code);
      if (own.locals.size > 0) {
        out = out.replace(contextDecl, (line, local: string) => (own.locals.has(local) ? '' : line));
        const specifiers = [...own.locals].map(([local, name]) => `${name} as ${local}`).join(', ');
        out = `import {${specifiers}} from "./${path.basename(id)}${QUERY}";\n${out}`;
      }
      // 2. An import of nothing but contexts takes them from the other module's contexts module.
      out = out.replace(importLine, (line, names: string, from: string) => {
        const theirs = contextsOf(path.join(dir, from)).byName;
        const imported = names.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!);
        return imported.every((name) => theirs.has(name)) ? line.replace(`"${from}"`, `"${from}${QUERY}"`) : line;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}
