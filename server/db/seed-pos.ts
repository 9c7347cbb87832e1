/**
 * The demo catalogue of the point of sale (shared/design/pos.md): per company about sixty products an eye-care
 * store sells (frames with brand, model, colour, size and barcode; spectacle lenses with priced materials and
 * coatings; contact lenses by the box; accessories; services), what each store stocks and charges, its tax rates
 * by class, and two registers per store. Deterministic (fixed lists, a seeded generator for stock), written in one
 * insert per table like seed-records.ts. The search keys follow the products by trigger (migration 0015).
 */
import type { Tx } from './client';
import { demoIds } from './seed';
import { productBarcodes, productOptions, products, productStock, registers, taxRates, type ProductKind, type TaxClass } from './schema-pos';

/** Fixed ids and codes tests and reviewers rely on. */
export const posDemoIds = {
  downtownFrontDesk: 'c1ea0000-0000-4000-8000-0000000c0001',
  downtownDispensing: 'c1ea0000-0000-4000-8000-0000000c0002',
  uptownFrontDesk: 'c1ea0000-0000-4000-8000-0000000c0003',
  uptownDispensing: 'c1ea0000-0000-4000-8000-0000000c0004',
  mainFrontDesk: 'b1e00000-0000-4000-8000-0000000c0001',
  mainDispensing: 'b1e00000-0000-4000-8000-0000000c0002',
} as const;

/** SKUs of a few demo products (the same in both companies; barcodes differ by company, see barcodeOf). */
export const posDemoSkus = {
  frame: 'FR-RB5154-BLA-51',
  frameOutOfStock: 'FR-TF5401-HAV-52',
  lens: 'LN-PROG',
  singleVision: 'LN-SV',
  contactLens: 'CL-AOASYS-6',
  cloth: 'AC-CLOTH',
  exam: 'SV-EXAM',
  fitting: 'SV-FIT',
} as const;

interface ProductSeed {
  kind: ProductKind;
  sku: string;
  name: string;
  brand?: string;
  model?: string;
  colour?: string;
  size?: [number, number, number];
  taxClass: TaxClass;
  price: number;
  options?: { group: string; name: string; price: number }[];
}

const frames: [brand: string, model: string, colour: string, size: [number, number, number], price: number][] = [
  ['Ray-Ban', 'RB5154', 'Black', [51, 42, 21], 16_900],
  ['Ray-Ban', 'RB5154', 'Tortoise', [49, 40, 21], 16_900],
  ['Ray-Ban', 'RB7047', 'Matte Grey', [54, 41, 17], 14_900],
  ['Ray-Ban', 'RB6335', 'Gold', [56, 45, 17], 17_900],
  ['Oakley', 'OX8046 Airdrop', 'Satin Black', [55, 42, 18], 19_900],
  ['Oakley', 'OX3227 Holbrook', 'Pewter', [53, 39, 18], 21_900],
  ['Oakley', 'OX8156 Hex Jector', 'Navy', [56, 41, 17], 18_900],
  ['Persol', 'PO3007V', 'Havana', [50, 40, 19], 24_900],
  ['Persol', 'PO3092V', 'Black', [52, 41, 19], 25_900],
  ['Tom Ford', 'TF5401', 'Havana', [52, 44, 20], 39_500],
  ['Tom Ford', 'TF5634-B', 'Shiny Black', [54, 43, 18], 42_000],
  ['Silhouette', 'Momentum 5529', 'Silver', [52, 38, 19], 32_900],
  ['Silhouette', 'TNG 2925', 'Rose Gold', [50, 36, 18], 34_900],
  ['Lindberg', 'Strip 9704', 'Titanium', [49, 38, 20], 55_000],
  ['Lindberg', 'Air Rim 2324', 'Gun Metal', [51, 39, 19], 58_000],
  ['Vogue', 'VO5276', 'Burgundy', [51, 42, 17], 11_900],
  ['Vogue', 'VO5239', 'Transparent Pink', [50, 41, 18], 10_900],
  ['Carrera', 'CA8864', 'Blue Havana', [53, 40, 18], 13_900],
  ['Carrera', 'CA1128', 'Black Gold', [55, 43, 17], 14_500],
  ['Gucci', 'GG0121O', 'Black', [53, 42, 18], 36_500],
  ['Gucci', 'GG0418O', 'Havana Gold', [52, 40, 19], 38_500],
  ['Prada', 'VPR 16M', 'Ivory', [52, 43, 18], 29_900],
  ['Prada', 'VPR 04W', 'Black', [53, 44, 18], 31_900],
  ['Moscot', 'Lemtosh', 'Tortoise', [46, 38, 24], 29_000],
  ['Moscot', 'Miltzen', 'Black', [49, 39, 22], 29_000],
  ['Warby Parker', 'Durand', 'Crystal', [51, 44, 20], 9_500],
  ['Warby Parker', 'Haskell', 'Jet Black', [52, 42, 19], 9_500],
  ['Lacoste', 'L2850', 'Matte Blue', [52, 42, 17], 12_900],
  ['Nike', 'Flexon 7133', 'Anthracite', [53, 41, 17], 12_500],
  ['Miraflex', 'Kids MF4002', 'Red', [42, 33, 16], 8_900],
];

const lensMaterials = [
  { group: 'material', name: 'Standard 1.50', price: 0 },
  { group: 'material', name: 'Polycarbonate 1.59', price: 4_000 },
  { group: 'material', name: 'High-index 1.67', price: 9_000 },
  { group: 'material', name: 'High-index 1.74', price: 15_000 },
];
const lensCoatings = [
  { group: 'coating', name: 'Anti-reflective', price: 4_500 },
  { group: 'coating', name: 'Blue-light filter', price: 3_500 },
  { group: 'coating', name: 'Scratch-resistant', price: 1_500 },
  { group: 'coating', name: 'Photochromic', price: 8_000 },
  { group: 'coating', name: 'Hydrophobic', price: 2_000 },
];

function catalogue(): ProductSeed[] {
  const list: ProductSeed[] = frames.map(([brand, model, colour, size, price]) => ({
    kind: 'frame',
    sku: `FR-${model.split(' ')[0]!.replace(/[^A-Za-z0-9]/g, '')}-${colour.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase()}-${size[0]}`,
    name: `${brand} ${model} ${colour}`,
    brand,
    model,
    colour,
    size,
    taxClass: 'standard',
    price,
  }));
  const lenses: [sku: string, name: string, model: string, price: number][] = [
    ['LN-SV', 'Single vision lenses (pair)', 'Single vision', 9_000],
    ['LN-SV-STOCK', 'Single vision stock lenses (pair)', 'Single vision stock', 5_900],
    ['LN-PROG', 'Progressive lenses (pair)', 'Progressive', 29_000],
    ['LN-PROG-PREM', 'Premium progressive lenses (pair)', 'Progressive premium', 45_000],
    ['LN-BIF', 'Bifocal lenses (pair)', 'Bifocal', 17_000],
    ['LN-OFFICE', 'Office lenses (pair)', 'Occupational', 22_000],
    ['LN-KIDS-MYO', 'Myopia control lenses for children (pair)', 'Myopia control', 26_000],
    ['LN-SPORT', 'Sport wrap lenses (pair)', 'Single vision wrap', 19_000],
  ];
  for (const [sku, name, model, price] of lenses) {
    list.push({ kind: 'spectacle-lens', sku, name, brand: 'Essilor', model, taxClass: 'standard', price, options: [...lensMaterials, ...lensCoatings] });
  }
  const contacts: [sku: string, name: string, brand: string, price: number][] = [
    ['CL-AOASYS-6', 'Acuvue Oasys, box of 6', 'Johnson & Johnson', 4_500],
    ['CL-AMOIST-30', 'Acuvue Moist 1-Day, box of 30', 'Johnson & Johnson', 3_400],
    ['CL-DT1-30', 'Dailies Total1, box of 30', 'Alcon', 4_200],
    ['CL-DACP-90', 'Dailies AquaComfort Plus, box of 90', 'Alcon', 6_900],
    ['CL-AIROPT-6', 'Air Optix plus HydraGlyde, box of 6', 'Alcon', 5_200],
    ['CL-BIOF-6', 'Biofinity, box of 6', 'CooperVision', 4_900],
    ['CL-BIOFT-6', 'Biofinity toric, box of 6', 'CooperVision', 7_500],
    ['CL-PRO-6', 'Proclear multifocal, box of 6', 'CooperVision', 8_900],
  ];
  for (const [sku, name, brand, price] of contacts) list.push({ kind: 'contact-lens', sku, name, brand, model: name.split(',')[0]!, taxClass: 'reduced', price });
  const accessories: [sku: string, name: string, price: number][] = [
    ['AC-CLOTH', 'Microfibre cleaning cloth', 500],
    ['AC-SPRAY', 'Lens cleaning spray 60 ml', 900],
    ['AC-CASE-HARD', 'Hard spectacle case', 1_500],
    ['AC-POUCH', 'Soft spectacle pouch', 800],
    ['AC-CORD', 'Spectacle cord', 1_200],
    ['AC-SOLUTION', 'Contact lens solution 360 ml', 1_400],
    ['AC-ANTIFOG', 'Anti-fog wipes, 30 pack', 1_100],
    ['AC-REPAIRKIT', 'Screwdriver and repair kit', 900],
  ];
  for (const [sku, name, price] of accessories) list.push({ kind: 'accessory', sku, name, taxClass: sku === 'AC-SOLUTION' ? 'reduced' : 'standard', price });
  const services: [sku: string, name: string, price: number][] = [
    ['SV-EXAM', 'Comprehensive eye exam', 9_500],
    ['SV-EXAM-KIDS', 'Children’s eye exam', 6_500],
    ['SV-CLFIT', 'Contact lens fitting', 7_500],
    ['SV-FIT', 'Frame fitting and adjustment', 2_500],
    ['SV-REPAIR', 'Frame repair', 3_500],
    ['SV-GLAZE', 'Glazing of own frame', 4_000],
  ];
  for (const [sku, name, price] of services) list.push({ kind: 'service', sku, name, taxClass: 'zero', price });
  return list;
}

/** An EAN-13 with its check digit: store-internal numbers (prefix 20–29) per company. */
function barcodeOf(companyPrefix: string, n: number): string {
  const body = `${companyPrefix}${String(n).padStart(12 - companyPrefix.length, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A small deterministic generator (mulberry32) for stock levels. */
function counter(seed: number) {
  let a = seed >>> 0;
  return (min: number, max: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return min + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (max - min + 1));
  };
}

interface Company {
  tenantId: string;
  barcodePrefix: string;
  stores: { id: string; standardBp: number; reducedBp: number; registers: [string, string] }[];
}

// A function: demoIds comes from seed.ts, which imports this module.
const companies = (): Company[] => [
  {
    tenantId: demoIds.clearview,
    barcodePrefix: '200',
    stores: [
      { id: demoIds.downtown, standardBp: 825, reducedBp: 400, registers: [posDemoIds.downtownFrontDesk, posDemoIds.downtownDispensing] },
      { id: demoIds.uptown, standardBp: 825, reducedBp: 400, registers: [posDemoIds.uptownFrontDesk, posDemoIds.uptownDispensing] },
    ],
  },
  {
    tenantId: demoIds.brightsight,
    barcodePrefix: '210',
    stores: [{ id: demoIds.main, standardBp: 700, reducedBp: 300, registers: [posDemoIds.mainFrontDesk, posDemoIds.mainDispensing] }],
  },
];

export async function seedPos(tx: Tx): Promise<void> {
  const items = catalogue();
  for (const [ci, company] of companies().entries()) {
    const random = counter(2026 + ci);
    const created = await tx
      .insert(products)
      .values(
        items.map((p) => ({
          tenantId: company.tenantId,
          kind: p.kind,
          sku: p.sku,
          name: p.name,
          brand: p.brand ?? '',
          model: p.model ?? '',
          colour: p.colour ?? '',
          sizeA: p.size?.[0] ?? null,
          sizeB: p.size?.[1] ?? null,
          sizeDbl: p.size?.[2] ?? null,
          taxClass: p.taxClass,
          price: p.price,
        })),
      )
      .returning({ id: products.id, sku: products.sku, kind: products.kind });
    const bySku = new Map(created.map((c) => [c.sku, c]));
    const options = items.flatMap((p) =>
      (p.options ?? []).map((o, sort) => ({ tenantId: company.tenantId, productId: bySku.get(p.sku)!.id, group: o.group, name: o.name, price: o.price, sort })),
    );
    if (options.length) await tx.insert(productOptions).values(options);
    const barcoded = created.filter((c) => c.kind !== 'service');
    await tx.insert(productBarcodes).values(barcoded.map((c, i) => ({ tenantId: company.tenantId, barcode: barcodeOf(company.barcodePrefix, i + 1), productId: c.id })));

    const stock = company.stores.flatMap((store, si) =>
      created.map((c) => {
        const onHand =
          c.sku === posDemoSkus.frameOutOfStock
            ? 0
            : c.kind === 'frame'
              ? random(0, 6)
              : c.kind === 'contact-lens'
                ? random(4, 24)
                : c.kind === 'accessory'
                  ? random(10, 60)
                  : 0;
        // The second store charges a little more for accessories (a store price over the company's).
        const item = items.find((p) => p.sku === c.sku)!;
        const price = si === 1 && c.kind === 'accessory' ? item.price + 100 : null;
        return { tenantId: company.tenantId, locationId: store.id, productId: c.id, onHand, price };
      }),
    );
    await tx.insert(productStock).values(stock);
    await tx.insert(taxRates).values(
      company.stores.flatMap((s) => [
        { tenantId: company.tenantId, locationId: s.id, taxClass: 'standard' as const, rateBp: s.standardBp },
        { tenantId: company.tenantId, locationId: s.id, taxClass: 'reduced' as const, rateBp: s.reducedBp },
        { tenantId: company.tenantId, locationId: s.id, taxClass: 'zero' as const, rateBp: 0 },
      ]),
    );
    await tx.insert(registers).values(
      company.stores.flatMap((s) => [
        { tenantId: company.tenantId, id: s.registers[0], locationId: s.id, name: 'Front desk' },
        { tenantId: company.tenantId, id: s.registers[1], locationId: s.id, name: 'Dispensing' },
      ]),
    );
  }
}
