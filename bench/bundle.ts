/** Browser bundle: the gzipped size of the JS that dist/index.html loads (entry script and modulepreloads). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/paths';

export interface BundleFile {
  src: string;
  file: string | null;
  rawBytes: number;
  gzipBytes: number;
  how: 'script' | 'modulepreload' | 'inline script';
}

export function measureBundle(distDir: string): { files: BundleFile[]; totalGzipBytes: number; totalRawBytes: number } {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files: BundleFile[] = [];
  const seen = new Set<string>();
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(1).find((v) => v !== undefined);
  const add = (src: string, how: BundleFile['how']) => {
    if (/^(?:[a-z]+:)?\/\//i.test(src) || src.startsWith('data:')) {
      throw new Error(`index.html loads ${src} from elsewhere; the bench only measures files in dist/`);
    }
    const clean = decodeURIComponent(src.split(/[?#]/)[0]!).replace(/^\/+/, '');
    if (seen.has(clean)) return;
    seen.add(clean);
    const file = path.join(distDir, clean);
    if (!existsSync(file)) throw new Error(`index.html loads ${src}, which is not in dist/ (${file})`);
    const bytes = readFileSync(file);
    files.push({ src, file: path.relative(root, file), rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length, how });
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const tag = m[1] ?? '';
    const src = attr(tag, 'src');
    if (src) add(src, 'script');
    else if ((m[2] ?? '').trim() && !/type\s*=\s*["']?(?:application\/(?:ld\+)?json|importmap)/i.test(tag)) {
      const bytes = Buffer.from(m[2]!, 'utf8');
      files.push({ src: '(inline)', file: null, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length, how: 'inline script' });
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(m[0], 'rel') ?? '';
    const href = attr(m[0], 'href');
    if (href && rel.split(/\s+/).includes('modulepreload')) add(href, 'modulepreload');
  }
  return {
    files,
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    totalRawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
  };
}
