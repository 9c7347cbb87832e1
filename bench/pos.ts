/**
 * npm run bench:pos — the register on PostgreSQL: product search with 50,000 products in a store, and completing a
 * sale with 1,000,000 invoices in the company.
 *
 * Same method as bench/invoice-lookup.ts: a fresh database (bench_pos) on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrated and seeded with the demo companies; then 50,000 generated
 * products for Clearview (frames of 40 brands with models, colours and sizes, contact lenses, accessories, lenses;
 * each with a barcode; the search keys written by the products' trigger), all sold at Downtown, and 1,000,000
 * generated invoices (half Downtown, half Uptown), analysed. Times over HTTP as the Downtown staff account:
 * - GET /api/pos/products: a brand, brand and colour, a model number, a one-letter prefix (the widest range), a SKU,
 *   a whole barcode, a kind with no words, no words at all;
 * - GET /api/pos/products/barcode/:barcode;
 * - POST /api/pos/sales: a new sale each time (a frame, an eye exam, cash with change), and its replay;
 * prints median and p95 in milliseconds; then the same server listens and Chromium uses the register as the clerk
 * does (bench/pos-browser.ts: search results shown after the last keystroke, the register ready to sell after a page
 * load; BENCH_BROWSER=0 skips it). Writes bench/results/pos.json. The database is dropped at the end, unless
 * BENCH_KEEP=1; BENCH_REUSE=1 times a kept one again.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { priceSale } from '../src/contract/money';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows, type Database } from '../server/db/client';
import { loadSecrets } from '../server/db/secrets';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../server/db/seed';
import { posDemoIds, posDemoSkus } from '../server/db/seed-pos';
import { buildAppIfStale } from '../tests/e2e/support/server';
import { log } from './lib/format';
import { measureRegisterInBrowser } from './pos-browser';
import { root } from './lib/paths';
import { benchReuse, withBenchDatabase } from './lib/database';
import { time } from './lib/timing';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SEARCH_BUDGET_MS = 50;
const SALE_BUDGET_MS = 100;
const dbName = 'bench_pos';
const inBrowser = process.env.BENCH_BROWSER !== '0';

const brands = [
  'Ray-Ban', 'Oakley', 'Persol', 'Tom Ford', 'Silhouette', 'Lindberg', 'Vogue', 'Carrera', 'Gucci', 'Prada', 'Moscot', 'Lacoste', 'Nike', 'Miraflex', 'Armani',
  'Burberry', 'Chanel', 'Dior', 'Fendi', 'Versace', 'Hugo Boss', 'Police', 'Guess', 'Emporio', 'Polaroid', 'Tiffany', 'Coach', 'Michael Kors', 'Swarovski', 'Jimmy Choo',
  'Dolce Gabbana', 'Longchamp', 'Calvin Klein', 'Tommy Hilfiger', 'Marc Jacobs', 'Ralph Lauren', 'Kate Spade', 'Fossil', 'Ic Berlin', 'Mykita',
];
const colours = ['Black', 'Tortoise', 'Havana', 'Gold', 'Silver', 'Gun Metal', 'Navy', 'Burgundy', 'Crystal', 'Rose Gold', 'Matte Grey', 'Blue', 'Green', 'Red', 'Ivory', 'Brown'];
const pgArray = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]`);

/** Products `from`..`to` of the generated catalogue (their search keys by the products' trigger). */
async function insertProducts(db: Database, from: number, to: number) {
  await db.owner.execute(sql`
    insert into products (tenant_id, kind, sku, name, brand, model, colour, size_a, size_b, size_dbl, tax_class, price)
    select ${demoIds.clearview}::uuid, k.kind, 'BX-' || i, b.brand || ' ' || m.model || ' ' || c.colour, b.brand, m.model, c.colour,
           case when k.kind = 'frame' then 44 + i % 14 end, case when k.kind = 'frame' then 34 + i % 12 end, case when k.kind = 'frame' then 15 + i % 8 end,
           case when k.kind = 'contact-lens' then 'reduced' else 'standard' end, 900 + (i::bigint * 104729) % 60000
    from generate_series(${from}::int, ${to}::int) as i
    cross join lateral (select case when i % 10 < 6 then 'frame' when i % 10 < 8 then 'contact-lens' when i % 10 < 9 then 'accessory' else 'spectacle-lens' end as kind) k
    cross join lateral (select (${pgArray(brands)})[1 + (i::bigint * 7919) % ${brands.length}] as brand) b
    cross join lateral (select upper(substr(replace(b.brand, ' ', ''), 1, 2)) || (1000 + (i::bigint * 31) % 9000)::text as model) m
    cross join lateral (select (${pgArray(colours)})[1 + (i::bigint * 104723) % ${colours.length}] as colour) c`);
}

async function fill(db: Database) {
  await seedDemoData(db.owner);
  log(`inserting ${PRODUCTS} products and ${INVOICES} invoices ...`);
  const t0 = Date.now();
  // 60% frames, 20% contact lenses, 10% accessories, 10% lenses; every one sold at Downtown with a barcode. In
  // batches, analysed between them: the foreign-key checks of the search keys' inserts are planned once for the
  // products table's size at the time, and a plan made for a nearly empty table scans it for every key.
  const BATCH = 5_000;
  for (let from = 1; from <= PRODUCTS; from += BATCH) {
    await db.owner.execute(sql`analyze products`);
    await insertProducts(db, from, Math.min(from + BATCH - 1, PRODUCTS));
  }
  await db.owner.execute(sql`
    insert into product_stock (tenant_id, location_id, product_id, on_hand)
    select tenant_id, ${demoIds.downtown}::uuid, id, (hashtext(sku) & 7) from products where tenant_id = ${demoIds.clearview} and sku like 'BX-%'`);
  await db.owner.execute(sql`
    insert into product_barcodes (tenant_id, barcode, product_id)
    select tenant_id, '29' || lpad(substr(sku, 4), 11, '0'), id from products where tenant_id = ${demoIds.clearview} and sku like 'BX-%'`);
  await db.owner.execute(sql`
    insert into invoices (tenant_id, location_id, number, patient_id, status, issued_at, currency, subtotal, discount_total, tax_total, total, paid_total, created_at)
    select ${demoIds.clearview}::uuid, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end, 100000 + (i + 1) / 2, null,
           'paid', now() - ((${INVOICES} - i) * interval '157 seconds'), 'USD', 5000, 0, 0, 5000, 5000, now()
    from generate_series(1, ${INVOICES}) as i`);
  for (const t of ['products', 'product_search_keys', 'product_stock', 'product_barcodes', 'invoices']) await db.owner.execute(sql.raw(`analyze ${t}`));
  log(`inserted in ${Date.now() - t0} ms`);
}

async function main() {
  // The server serves the built app (dist) for the browser's part.
  if (inBrowser) buildAppIfStale();
  await withBenchDatabase(dbName, async (db) => {
    log('migrated; seeding ...');
    const [kept] = await queryRows<{ n: number }>(db.owner, sql`select count(*)::int as n from products`);
    if (benchReuse && kept!.n >= PRODUCTS) log(`reusing ${kept!.n} products`);
    else await fill(db);

    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), authRequestsPerMinute: 100_000 };
    const app = await buildApp({ config, db, secrets: await loadSecrets(db.owner, config) });
    const login = await app.inject({
      method: 'POST',
      url: '/api/patient/login',
      payload: { username: 'staff@clearview.test', password: DEMO_PASSWORD, tenentID: demoIds.clearview, locationid: demoIds.downtown },
    });
    const headers = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { items?: unknown[] };
    };

    const store = `locationId=${demoIds.downtown}`;
    // One generated product, its SKU and barcode.
    const probe = String(Math.min(4242, PRODUCTS));
    const probeBarcode = `29${probe.padStart(11, '0')}`;
    const searches: [string, string][] = [
      ['brand "oakley"', `q=oakley`],
      ['brand and colour "ray bla"', `q=ray%20bla`],
      ['model "GU5"', `q=GU5`],
      ['one letter "m" (widest range)', `q=m`],
      ['two words, wide "m b"', `q=m%20b`],
      [`SKU "BX-${probe}"`, `q=BX-${probe}`],
      ['whole barcode', `q=${probeBarcode}`],
      ['no match "zzqx"', `q=zzqx`],
      ['kind=frame, no words', `kind=frame`],
      ['no words (the listing)', ``],
    ];
    const search: Record<string, unknown> = {};
    for (const [name, query] of searches) {
      const target = `/api/pos/products?${store}${query ? `&${query}` : ''}`;
      const answer = await get(target);
      const r = await time(RUNS, () => get(target));
      search[name] = { ...r, rows: answer.items?.length ?? 0 };
      log(`search ${name.padEnd(34)} median ${String(r.median).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  (${answer.items?.length ?? 0} rows)`);
    }
    const barcode = await time(RUNS, () => get(`/api/pos/products/barcode/${probeBarcode}?${store}`));
    search['GET /barcode/:barcode'] = barcode;
    log(`barcode lookup                           median ${String(barcode.median).padStart(6)} ms  p95 ${String(barcode.p95).padStart(6)} ms`);

    // The sale: a session on the front desk, a frame and an exam each time, paid in cash with change.
    const opened = await app.inject({ method: 'POST', url: `/api/pos/registers/${posDemoIds.downtownFrontDesk}/sessions`, headers, payload: { float: [{ denomination: 2000, count: 10 }] } });
    // A kept database (BENCH_REUSE=1) still has the session of the last run open.
    const stillOpen = async () =>
      ((await get(`/api/pos/registers?${store}`)) as unknown as { registers: { id: string; openSession: { id: string } | null }[] }).registers.find(
        (r) => r.id === posDemoIds.downtownFrontDesk,
      )?.openSession?.id;
    const sessionId = opened.statusCode === 201 ? (opened.json() as { id: string }).id : opened.statusCode === 409 ? await stillOpen() : undefined;
    if (!sessionId) throw new Error(`open session: ${opened.statusCode} ${opened.body}`);
    type Hit = { id: string; sku: string; price: number; taxRateBp: number };
    const find = async (sku: string) => ((await get(`/api/pos/products?${store}&q=${sku}`)).items as Hit[]).find((p) => p.sku === sku)!;
    const [frame, exam] = [await find(posDemoSkus.frame), await find(posDemoSkus.exam)];
    const total = priceSale(
      [frame, exam].map((p) => ({ productId: p.id, description: p.sku, quantity: 1, unitPrice: p.price, taxRateBp: p.taxRateBp, discount: null })),
      null,
    ).total;
    const body = () => ({
      clientSaleId: randomUUID(),
      registerSessionId: sessionId,
      patientId: null,
      lines: [{ productId: frame.id, quantity: 1 }, { productId: exam.id, quantity: 1 }],
      payments: [{ method: 'cash', amount: total, tendered: total + 500 }],
      shownTotal: total,
    });
    const post = async (payload: unknown, expected: number) => {
      const res = await app.inject({ method: 'POST', url: '/api/pos/sales', headers, payload: payload as Record<string, unknown> });
      if (res.statusCode !== expected) throw new Error(`sale: ${res.statusCode} ${res.body}`);
    };
    const sale = await time(RUNS, () => post(body(), 201));
    log(`POST /api/pos/sales (new)                median ${String(sale.median).padStart(6)} ms  p95 ${String(sale.p95).padStart(6)} ms`);
    const once = body();
    await post(once, 201);
    const replay = await time(RUNS, () => post(once, 200));
    log(`POST /api/pos/sales (replay)             median ${String(replay.median).padStart(6)} ms  p95 ${String(replay.p95).padStart(6)} ms`);
    let browser: Awaited<ReturnType<typeof measureRegisterInBrowser>> | null = null;
    if (inBrowser) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the bench server has no port');
      browser = await measureRegisterInBrowser(`http://127.0.0.1:${address.port}`);
    }
    await app.close();

    const [{ version }] = (await queryRows<{ version: string }>(db.owner, sql`select version()`)) as [{ version: string }];
    const [counts] = await queryRows<{ products: number; keys: number; invoices: number }>(
      db.owner,
      sql`select (select count(*)::int from products where tenant_id = ${demoIds.clearview}) as products,
          (select count(*)::int from product_search_keys where tenant_id = ${demoIds.clearview}) as keys,
          (select count(*)::int from invoices where tenant_id = ${demoIds.clearview}) as invoices`,
    );
    const worstSearchP95 = Math.max(...Object.values(search).map((r) => (r as { p95: number }).p95));
    const out = {
      at: new Date().toISOString(),
      postgres: version,
      ...counts,
      runs: RUNS,
      search: { budgetMs: SEARCH_BUDGET_MS, worstP95: worstSearchP95, withinBudget: worstSearchP95 < SEARCH_BUDGET_MS, cases: search },
      sale: { budgetMs: SALE_BUDGET_MS, new: sale, replay, withinBudget: sale.p95 < SALE_BUDGET_MS && replay.p95 < SALE_BUDGET_MS },
      browser,
    };
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(root, 'bench', 'results', 'pos.json'), `${JSON.stringify(out, null, 2)}\n`);
    process.stdout.write(
      `${JSON.stringify(
        {
          products: counts!.products,
          invoices: counts!.invoices,
          worstSearchP95,
          saleP95: sale.p95,
          replayP95: replay.p95,
          searchShownMedianMs: browser?.search.worstMedian ?? null,
          registerReadyMs: browser ? { cached: browser.registerReady.cached.median, cacheCleared: browser.registerReady.cacheCleared.median } : null,
        },
        null,
        2,
      )}\n`,
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
