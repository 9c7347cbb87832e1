// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No module of src/ reaches itself through its imports. The slice rule of eslint.config.js keeps the folders of
 * src/views from importing each other; this graph also covers the files inside a folder and the lower layers.
 * Only imports that load a module count: `import type` (and a named import whose every name is a type) is erased
 * by the compiler, and `import()` loads later, on demand, so neither orders the loading of modules.
 */
const src = resolve('src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The one of `files` a relative specifier names, as the bundler resolves it; null for a package (or a non-source file). */
function resolveSpecifier(files: Set<string>, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => files.has(path)) ?? null;
}

function erased(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly);
}

/** Each module's files it loads, from `source(path)`. */
function importGraph(files: string[], source: (path: string) => string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const tree = ts.createSourceFile(file, source(file), ts.ScriptTarget.Latest, false);
      const loads = tree.statements
        .filter((statement): statement is ts.ImportDeclaration | ts.ExportDeclaration => ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
        .filter((statement) => statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !erased(statement))
        .map((statement) => resolveSpecifier(known, file, (statement.moduleSpecifier as ts.StringLiteral).text))
        .filter((path): path is string => path !== null);
      return [file, [...new Set(loads)]];
    }),
  );
}

/** The cycles of a graph: its strongly connected components of more than one module, or a module loading itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    order.set(module, next);
    lowest.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const loaded of graph.get(module) ?? []) {
      if (!order.has(loaded)) {
        visit(loaded);
        lowest.set(module, Math.min(lowest.get(module)!, lowest.get(loaded)!));
      } else if (onStack.has(loaded)) {
        lowest.set(module, Math.min(lowest.get(module)!, order.get(loaded)!));
      }
    }
    if (lowest.get(module) !== order.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return found;
}

describe('the import graph of src/', () => {
  it('has no cycle', () => {
    const files = sourceFiles(src);
    const graph = importGraph(files, (path) => readFileSync(path, 'utf8'));
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph).map((component) => component.map((path) => relative(src, path)))).toEqual([]);
  });

  it('finds a cycle through loading imports, and none through type imports or import()', () => {
    const a = join(src, 'contract', 'a.ts');
    const b = join(src, 'contract', 'b.ts');
    const cyclesWithB = (bText: string) =>
      cycles(importGraph([a, b], (path) => (path === a ? "import { y } from './b';\nexport const x = y;\n" : bText))).length;
    expect(cyclesWithB("import { x } from './a';\nexport const y = x;\n")).toBe(1);
    expect(cyclesWithB("export { x as y } from './a';\n")).toBe(1);
    expect(cyclesWithB("import './a';\nexport const y = 1;\n")).toBe(1);
    expect(cyclesWithB("import type { x } from './a';\nexport const y: typeof x = 1;\n")).toBe(0);
    expect(cyclesWithB("import { type x } from './a';\nexport const y: typeof x = 1;\n")).toBe(0);
    expect(cyclesWithB("export const y = 1;\nexport const later = () => import('./a');\n")).toBe(0);
  });
});
