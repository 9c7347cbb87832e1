/**
 * The catalogue as one store sells it: search by words (each a prefix of a product's name, brand, model, colour or
 * SKU word), a barcode, and the products of a sale priced for the store (its price override, its tax rate of the
 * product's class, the options). Only products listed at the store (a product_stock row) are sold there.
 *
 * The search never scans the catalogue: the longest word is a btree range of product_search_keys walked in key
 * order and stopped at the page (a nested loop to the store's row and the product), the other words are index
 * probes per hit; with no words the products' name index is walked (npm run bench:pos).
 */
import { sql, type SQL } from 'drizzle-orm';
import { Barcode, popularProductsDays, searchWords, stockedKinds, type ProductHit, type ProductKind, type TaxClass } from '../../src/contract/pos';
import type { Tx } from '../db/client';
import { num, rows, type Row } from '../db/values';

const TOP = '\u{10FFFF}';

/** `column` starts with the lower-cased `prefix`: an index range plus an exact check (as server/patients/patientList.ts). */
function startsWith(column: SQL, prefix: string): SQL {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${column} >= lower(${prefix}) and ${column} < lower(${prefix}) || ${TOP} and ${column} like lower(${like}))`;
}

/**
 * A product hit's columns over `p` (products) and `s` (its product_stock row at the store): with its tax rate (the
 * store's rate for its class: a tax_rates row, else the store's own rate for 'standard' and 0 otherwise), barcodes
 * and options, so a search or a sale reads its products in one statement.
 */
const columns = sql`p.id, p.kind, p.sku, p.name, p.brand, p.model, p.colour, p.size_a, p.size_b, p.size_dbl, p.tax_class,
  coalesce(s.price, p.price)::float8 as price, s.on_hand,
  coalesce(
    (select t.rate_bp from tax_rates t where t.tenant_id = s.tenant_id and t.location_id = s.location_id and t.tax_class = p.tax_class),
    case when p.tax_class = 'standard' then (select l.tax_rate_bp from locations l where l.tenant_id = s.tenant_id and l.id = s.location_id) else 0 end
  ) as tax_rate_bp,
  (select coalesce(json_agg(b.barcode order by b.barcode), '[]') from product_barcodes b where b.tenant_id = p.tenant_id and b.product_id = p.id) as barcodes,
  (select coalesce(json_agg(json_build_object('id', o.id, 'group', o.option_group, 'name', o.name, 'price', o.price::float8) order by o.sort, o.name), '[]')
    from product_options o where o.tenant_id = p.tenant_id and o.product_id = p.id) as options`;

/** A product hit from a row of `columns`. */
function hitOf(r: Row): ProductHit {
  const kind = r.kind as ProductKind;
  const isFrame = kind === 'frame';
  const options = r.options as { id: string; group: string; name: string; price: number }[];
  return {
    id: r.id as string,
    kind,
    sku: r.sku as string,
    name: r.name as string,
    brand: r.brand as string,
    model: r.model as string,
    colour: r.colour as string,
    size: isFrame
      ? { a: r.size_a === null ? null : num(r.size_a), b: r.size_b === null ? null : num(r.size_b), dbl: r.size_dbl === null ? null : num(r.size_dbl) }
      : null,
    barcodes: r.barcodes as string[],
    taxClass: r.tax_class as TaxClass,
    taxRateBp: num(r.tax_rate_bp),
    price: num(r.price),
    // Lenses are made to order and services are not goods: neither is counted.
    stock: stockedKinds.includes(kind) ? num(r.on_hand) : null,
    options: options.map((o) => ({ id: o.id, group: o.group, name: o.name, price: num(o.price) })),
  };
}

export async function searchProducts(
  tx: Tx,
  o: { tenantId: string; locationId: string; q: string; kind?: ProductKind; limit: number },
): Promise<ProductHit[]> {
  const words = searchWords(o.q);
  const kind = o.kind ? sql`and p.kind = ${o.kind}` : sql``;
  if (!words.length) {
    const found = await rows(
      tx,
      sql`select ${columns} from products p
        join product_stock s on s.tenant_id = p.tenant_id and s.location_id = ${o.locationId} and s.product_id = p.id
        where p.tenant_id = ${o.tenantId} and p.active ${kind}
        order by p.name_key, p.id limit ${o.limit}`,
    );
    return found.map(hitOf);
  }
  // The longest word narrows most; the others must each start one of the product's words too.
  const [lead, ...others] = [...words].sort((a, b) => b.length - a.length) as [string, ...string[]];
  const more = others.map(
    (w) => sql`and exists (select 1 from product_search_keys k2 where k2.tenant_id = k.tenant_id and k2.product_id = k.product_id
      and ${startsWith(sql.raw('k2.key'), w)})`,
  );
  // A product matching the lead word through several of its words comes once per word: read a few more, keep the first.
  const found = await rows(
    tx,
    sql`select ${columns} from product_search_keys k
      join products p on p.tenant_id = k.tenant_id and p.id = k.product_id
      join product_stock s on s.tenant_id = k.tenant_id and s.location_id = ${o.locationId} and s.product_id = k.product_id
      where k.tenant_id = ${o.tenantId} and ${startsWith(sql.raw('k.key'), lead)} and p.active ${kind} ${sql.join(more, sql` `)}
      order by k.key, k.product_id limit ${o.limit * 4}`,
  );
  const seen = new Set<string>();
  const unique = found.filter((r) => !seen.has(r.id as string) && seen.add(r.id as string));
  // A search that is a whole barcode finds its product first.
  if (words.length === 1 && Barcode.safeParse(o.q.trim()).success) {
    const [byCode] = await rows(
      tx,
      sql`select ${columns} from product_barcodes b join products p on p.tenant_id = b.tenant_id and p.id = b.product_id
        join product_stock s on s.tenant_id = b.tenant_id and s.location_id = ${o.locationId} and s.product_id = b.product_id
        where b.tenant_id = ${o.tenantId} and b.barcode = ${o.q.trim()} and p.active ${kind}`,
    );
    if (byCode && !seen.has(byCode.id as string)) unique.unshift(byCode);
  }
  return unique.slice(0, o.limit).map(hitOf);
}

export async function productByBarcode(tx: Tx, o: { tenantId: string; locationId: string; barcode: string }): Promise<ProductHit | null> {
  const found = await rows(
    tx,
    sql`select ${columns} from product_barcodes b join products p on p.tenant_id = b.tenant_id and p.id = b.product_id
      join product_stock s on s.tenant_id = b.tenant_id and s.location_id = ${o.locationId} and s.product_id = b.product_id
      where b.tenant_id = ${o.tenantId} and b.barcode = ${o.barcode} and p.active`,
  );
  return found[0] ? hitOf(found[0]) : null;
}

/** The products of a sale as the store sells them (missing ones are not sold there), by id. */
export async function storeProducts(tx: Tx, locationId: string, productIds: readonly string[]): Promise<Map<string, ProductHit>> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return new Map();
  const found = await rows(
    tx,
    sql`select ${columns} from products p
      join product_stock s on s.tenant_id = p.tenant_id and s.location_id = ${locationId} and s.product_id = p.id
      where p.active and p.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return new Map(found.map(hitOf).map((p) => [p.id, p]));
}

/** The products the store sells with these SKUs, by SKU (an invoice's catalogue lines name theirs so). */
export async function storeProductsBySku(tx: Tx, locationId: string, skus: readonly string[]): Promise<Map<string, ProductHit>> {
  const wanted = [...new Set(skus.filter((s) => s.length > 0))];
  if (!wanted.length) return new Map();
  const found = await rows(tx, sql`select id from products where sku in (${sql.join(wanted.map((s) => sql`${s}`), sql`, `)})`);
  const hits = await storeProducts(tx, locationId, found.map((r) => r.id as string));
  return new Map([...hits.values()].map((p) => [p.sku, p]));
}

/** A product's name in the company's catalogue (for the refusal of one the store does not sell). */
export async function productName(tx: Tx, productId: string): Promise<string> {
  const [row] = await rows(tx, sql`select name from products where id = ${productId}`);
  return (row?.name as string | undefined) ?? productId;
}

/**
 * The products the store's registers sold most (by quantity) in the last `popularProductsDays` days, as the store
 * sells them now. Bounded by the store's recent sales (invoices_location_issued_idx), never the catalogue.
 */
export async function popularProducts(tx: Tx, o: { tenantId: string; locationId: string; limit: number }): Promise<ProductHit[]> {
  const found = await rows(
    tx,
    sql`select ${columns} from (
        select l.product_id, sum(l.quantity) as sold from invoices i
        join invoice_lines l on l.tenant_id = i.tenant_id and l.invoice_id = i.id
        where i.tenant_id = ${o.tenantId} and i.location_id = ${o.locationId} and i.client_sale_id is not null
          and i.issued_at >= now() - make_interval(days => ${popularProductsDays}) and l.product_id is not null
        group by l.product_id order by sold desc, l.product_id limit ${o.limit}
      ) top
      join products p on p.tenant_id = ${o.tenantId} and p.id = top.product_id
      join product_stock s on s.tenant_id = p.tenant_id and s.location_id = ${o.locationId} and s.product_id = p.id
      where p.active order by top.sold desc, p.id`,
  );
  return found.map(hitOf);
}
