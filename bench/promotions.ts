/**
 * `npm run bench:promotions`: the product list, a product page and a search with 1,000 automatic
 * promotions in force, against the same with all of them paused, on 10,000 products. The offers on
 * cards and pages are computed from the automatic promotions in force (promotions.offers.ts); the
 * acceptance is that each path's p99 stays within 1.2 times its p99 without promotions.
 *
 * The promotions are made through the promotions module (createPromotion), as an admin or a vendor
 * would: most on a few chosen products, some on shops, some on categories, a few on the whole cart,
 * percent and fixed, paid by Haat or by the shop's vendor, all in force today. Then in alternating
 * rounds (off, on | on, off | ...: one state change per round) each path is measured with all of
 * them paused and with all of them active (paused and resumed through the module, which forgets the
 * offers kept in memory as the app does). On this 2-core machine two separate runs differ by as much
 * as the difference looked for; each round's ratio (on ÷ off) compares figures taken a minute apart.
 *
 * PostgreSQL when DATABASE_URL is set (a fresh `haat_bench` database; BENCH_REUSE=1 reuses the one an
 * earlier run left, its promotions from this script replaced), otherwise PGlite in a temporary folder.
 * BENCH_SECONDS (8) per path and state after a 1 s warm-up, ROUNDS (4), BENCH_CONNECTIONS (10),
 * PROMOTIONS (1000). `-- --write` records the figures in bench/RESULTS.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { like, sql } from 'drizzle-orm';
import type { PromotionDefinition } from '../src/contracts/promotions.contract';
import { todayInIndia } from '../src/domain/age';
import { changePromotionState, createPromotion, offersNow } from '../src/server/modules/promotions';
import { promotions } from '../src/server/modules/promotions/promotions.tables';
import type { Db } from '../src/server/platform/db';
import { openCountingPglite, openCountingPostgres, type CountingDatabase } from './counting-db';
import { benchApi, cannon, listen, percentiles } from './load';
import { machine, table, writeResultsSection } from './report';
import { readSeeded, rng, seedCatalog } from './seed';

const PRODUCTS = 10_000;
const PROMOTIONS = Number(process.env.PROMOTIONS ?? 1000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REUSE = process.env.BENCH_REUSE === '1';
/** The acceptance: p99 with the promotions at most this many times the p99 without. */
const LIMIT = 1.2;
/** The promotions this script makes are named so, and replaced on the next run. */
const NAME = 'Bench offer';

const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** The India date `days` after `today`. */
function plusDays(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type Catalog = {
  products: { id: string; shopId: string; vendorId: string }[];
  shops: { id: string; vendorId: string }[];
  categoryIds: string[];
};

/**
 * `count` automatic promotions in force today: 88 % on 2 to 5 products (the first on `coveredId`), 6 % on
 * a shop, 5 % on a category, 1 % on the whole cart; 60 % percent (half with a cap), 40 % fixed; those on
 * products and shops paid by the shop's vendor one time in two, the others by Haat; one in five
 * stackable, one in ten with a minimum, one in ten with a rupee budget; started up to 30 days ago and
 * ending within 60 days (one in five without end).
 */
function definitions(count: number, c: Catalog, coveredId: string, today: string): PromotionDefinition[] {
  const random = rng(20_261_130);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const byShop = new Map<string, Catalog['products']>();
  for (const p of c.products) byShop.set(p.shopId, [...(byShop.get(p.shopId) ?? []), p]);
  const covered = c.products.find((p) => p.id === coveredId);
  const out: PromotionDefinition[] = [];
  for (let i = 0; i < count; i++) {
    const r = random();
    const vendorPaid = random() < 0.5;
    let scope: PromotionDefinition['scope'];
    let vendorId: string | null = null;
    if (r < 0.88) {
      // A few products of one shop (a vendor's promotion names only its own).
      const first = i === 0 && covered ? covered : pick(c.products);
      const shopProducts = byShop.get(first.shopId)!;
      const ids = new Set([first.id]);
      const n = 2 + Math.floor(random() * 4);
      while (ids.size < n) ids.add(pick(shopProducts).id);
      scope = { type: 'products', productIds: [...ids], variantIds: [] };
      vendorId = vendorPaid ? first.vendorId : null;
    } else if (r < 0.94) {
      const shop = pick(c.shops);
      scope = { type: 'shops', shopIds: [shop.id] };
      vendorId = vendorPaid ? shop.vendorId : null;
    } else if (r < 0.99) {
      scope = { type: 'categories', categoryIds: [pick(c.categoryIds)] };
    } else {
      scope = { type: 'cart' };
    }
    const percent = random() < 0.6;
    out.push({
      name: `${NAME} ${i + 1}`,
      kind: 'automatic',
      code: null,
      benefit: percent
        ? {
            type: 'percent',
            bp: (5 + Math.floor(random() * 26)) * 100,
            capPaise: random() < 0.5 ? (1 + Math.floor(random() * 10)) * 10_000 : null,
          }
        : { type: 'fixed', amountPaise: (1 + Math.floor(random() * 20)) * 5_000 },
      scope,
      funder: vendorId ? { by: 'vendor', vendorId } : { by: 'haat' },
      minimumPaise: random() < 0.1 ? (5 + Math.floor(random() * 20)) * 10_000 : 0,
      startsOn: plusDays(today, -Math.floor(random() * 30)),
      endsOn: random() < 0.2 ? null : plusDays(today, 1 + Math.floor(random() * 60)),
      budget: random() < 0.1 ? { type: 'paise', limitPaise: (100 + Math.floor(random() * 900)) * 10_000 } : null,
      perCustomerLimit: random() < 0.1 ? 1 : null,
      firstOrderOnly: false,
      stackable: random() < 0.2,
    });
  }
  return out;
}

/** Runs `fn` over `items`, `parallel` at a time. */
async function eachInParallel<T>(items: readonly T[], parallel: number, fn: (t: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** Waits until PostgreSQL has finished the statements of the last measurement (as bench/run.ts does). */
async function drain(db: Db, postgres: boolean): Promise<void> {
  if (!postgres) return;
  for (let i = 0; i < 600; i++) {
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if (Number(n) === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const started = Date.now();
  const loadBefore = loadavg()[0];
  const url = process.env.DATABASE_URL;
  const counting: CountingDatabase & { reused?: boolean } = url
    ? await openCountingPostgres(url, { reuse: REUSE, name: 'haat_bench' })
    : await openCountingPglite();
  const { db } = counting.database;
  const version = await counting.serverVersion();
  console.log(`Database: ${counting.label}, ${version}`);

  let seeded = counting.reused ? await readSeeded(db) : null;
  if (seeded && seeded.products !== PRODUCTS)
    throw new Error(`BENCH_REUSE: the bench database holds ${seeded.products} products, not ${PRODUCTS}`);
  if (!seeded) {
    const seedStart = Date.now();
    seeded = await seedCatalog(db, PRODUCTS, { progress: (line) => console.log(line) });
    console.log(
      `Seeded ${PRODUCTS.toLocaleString('en-IN')} products in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`,
    );
  }
  // The promotions of an earlier run (bench data only: no order used them).
  await db.delete(promotions).where(like(promotions.name, `${NAME} %`));

  const catalog: Catalog = {
    products: await rows(
      db,
      sql`select p.id, p.store_id as "shopId", s.vendor_id as "vendorId"
          from products p join vendor_shops s on s.id = p.store_id where p.is_active and s.is_active order by p.id`,
    ),
    shops: await rows(db, sql`select id, vendor_id as "vendorId" from vendor_shops where is_active order by id`),
    categoryIds: (await rows<{ id: string }>(db, sql`select id from categories order by id`)).map((r) => r.id),
  };
  const today = todayInIndia();
  const made = Date.now();
  const admin = { id: randomUUID(), ip: '127.0.0.1', userAgent: 'bench/promotions.ts' };
  const ids: string[] = [];
  await eachInParallel(definitions(PROMOTIONS, catalog, seeded.sampleProductId, today), 4, async (definition) => {
    const actor = definition.funder.by === 'vendor' ? { ...admin, vendorId: definition.funder.vendorId } : admin;
    ids.push((await createPromotion(db, { definition, actor })).id);
  });
  const mix = await rows<{ scope: string; funder: string; benefit: string; n: number }>(
    db,
    sql`select scope_type as scope, funded_by as funder, benefit_type as benefit, count(*)::int as n
        from promotions where name like ${`${NAME} %`} group by 1, 2, 3 order by 1, 2, 3`,
  );
  const made_s = (Date.now() - made) / 1000;
  console.log(`Made ${ids.length} automatic promotions through createPromotion in ${made_s.toFixed(1)} s`);
  await db.execute(sql`vacuum analyze`);

  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-promotions-'));
  // Every catalog request reads the database (no catalog cache), as the rows of npm run bench.
  const app = await benchApi(counting.database, dataDir, { catalogCache: false });
  const base = await listen(app);
  const productId = seeded.sampleProductId;
  const paths = [
    { name: 'Product list, page 3', path: '/api/products?page=3' },
    { name: 'Product page (by id, with offers)', path: `/api/products/${productId}` },
    { name: 'Search, common "cotton"', path: '/api/products?q=cotton' },
  ];

  let state: 'on' | 'off' = 'on';
  const setState = async (to: 'on' | 'off') => {
    const t = Date.now();
    if (state !== to)
      await eachInParallel(ids, 4, (id) =>
        changePromotionState(db, { id, change: to === 'on' ? 'resume' : 'pause', actor: admin }),
      );
    state = to;
    // What a shopper sees now: the offers on the product page and the list's cards.
    const page = (await (await fetch(base + paths[1].path)).json()) as { offer: unknown };
    const list = (await (await fetch(base + paths[0].path)).json()) as { items: { offer: unknown }[] };
    const withOffer = list.items.filter((c) => c.offer).length;
    if ((to === 'on') !== (page.offer !== null) || (to === 'off' && withOffer > 0))
      throw new Error(`promotions ${to}: the product page's offer is ${JSON.stringify(page.offer)}`);
    console.log(
      `Promotions ${to === 'on' ? 'active' : 'paused'} (changed in ${((Date.now() - t) / 1000).toFixed(1)} s); ` +
        `list page 3: ${withOffer} of ${list.items.length} cards with an offer`,
    );
    return withOffer;
  };

  // The offer computation alone, in this process: a list page's 20 cards against the promotions in force.
  await setState('on'); // (made active: checked only)
  const offers = await offersNow(db);
  type Card = {
    id: string;
    categoryId: string | null;
    storeId: string;
    pricePaise: number;
    priceFromPaise: number | null;
  };
  const listed = (await (await fetch(base + paths[0].path)).json()) as { items: Card[] };
  const offerItems = listed.items.map((c) => ({
    productId: c.id,
    variantId: null,
    categoryId: c.categoryId,
    shopId: c.storeId,
    vendorId: null,
    pricePaise: c.priceFromPaise ?? c.pricePaise,
  }));
  // Each time a paisa dearer, so that none is an offer offersNow remembers from an earlier call.
  const samples: number[] = [];
  for (let i = 0; i < 250; i++) {
    const t = performance.now();
    for (const item of offerItems) offers({ ...item, pricePaise: item.pricePaise + i });
    if (i >= 50) samples.push(performance.now() - t);
  }
  const computation = percentiles(samples);
  console.log(
    `Offers of 20 cards against ${PROMOTIONS} promotions: p50 ${computation.p50} ms, p99 ${computation.p99} ms`,
  );

  type Measured = { round: number; state: 'on' | 'off'; path: string; rps: number; p50: number; p99: number };
  const measured: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // off, on | on, off | off, on ...: the state changes once per round.
    for (const to of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      if (state !== to) await setState(to);
      for (const p of paths) {
        await drain(db, Boolean(url));
        await cannon(base + p.path, {}, 1, CONNECTIONS);
        const { result, times } = await cannon(base + p.path, {}, DURATION_S, CONNECTIONS);
        if (result.non2xx || result.errors)
          throw new Error(`${p.path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        const l = percentiles(times);
        const m = {
          round: round + 1,
          state: to,
          path: p.name,
          rps: Math.round(result.requests.average),
          p50: Number(l.p50),
          p99: Number(l.p99),
        };
        measured.push(m);
        console.log(
          `Round ${m.round}, promotions ${to}, ${p.name}: ${m.rps} requests/s, p50 ${m.p50} ms, p99 ${m.p99} ms`,
        );
      }
    }
  }
  // Left paused, so that a later npm run bench on this database computes no offers.
  if (state === 'on') await setState('off');

  await app.close();
  await counting.close();
  rmSync(dataDir, { recursive: true, force: true });

  const of = (round: number, s: 'on' | 'off', path: string) =>
    measured.find((m) => m.round === round && m.state === s && m.path === path)!;
  const rounds = Array.from({ length: ROUNDS }, (_, i) => i + 1);
  const summary = paths.map((p) => {
    const ratios = rounds.map((r) => of(r, 'on', p.name).p99 / of(r, 'off', p.name).p99);
    const ratio = median(ratios);
    return { ...p, ratios, ratio, pass: ratio <= LIMIT };
  });
  const verdict = summary.every((s) => s.pass) ? 'PASS' : 'FAIL';
  const mixText = mix.map((m) => `${m.n} ${m.scope} (${m.funder}, ${m.benefit})`).join(', ');
  const report = [
    `### ${url ? 'PostgreSQL' : 'PGlite'}, ${PROMOTIONS.toLocaleString('en-IN')} automatic promotions ` +
      `(${new Date().toISOString().slice(0, 10)})`,
    '',
    [
      url ? `PostgreSQL ${version} server on the same machine` : `PGlite ${version}, embedded in the API process`,
      `; ${PRODUCTS.toLocaleString('en-IN')} products (bench/seed.ts); ${machine(loadBefore)}. `,
      `${PROMOTIONS} automatic promotions made through createPromotion in ${made_s.toFixed(0)} s: ${mixText}. `,
      `${ROUNDS} paired rounds (off, on, then on, off, ...), all of them paused or all resumed through `,
      `changePromotionState; each path ${DURATION_S} s at ${CONNECTIONS} connections after a 1 s warm-up, `,
      `catalog cache off. The offers of a list page's 20 cards against the ${PROMOTIONS} promotions, computed `,
      `in the bench's process (each computed, none remembered): p50 ${computation.p50} ms, `,
      `p99 ${computation.p99} ms.`,
    ].join(''),
    '',
    table(
      ['round', 'promotions', 'path', 'requests/s', 'p50 ms', 'p99 ms'],
      measured.map((m) => [m.round, m.state, m.path, m.rps, m.p50, m.p99]),
    ),
    '',
    table(
      ['path', 'p99 ratio (on ÷ off) per round', `median ratio`, `within ${LIMIT}x`],
      summary.map((s) => [
        `${s.name} \`${s.path.replace(productId, ':id')}\``,
        s.ratios.map((r) => r.toFixed(2)).join(', '),
        s.ratio.toFixed(2),
        s.pass ? 'PASS' : 'FAIL',
      ]),
    ),
    '',
    `Verdict: **${verdict}** (every path's median p99 ratio at most ${LIMIT}).`,
    '',
  ].join('\n');
  console.log(`\n${report}`);
  console.log(`Finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  if (process.argv.includes('--write')) {
    const marker = `promotions:${url ? 'postgresql' : 'pglite'}`;
    writeResultsSection(marker, report);
    console.log(`Wrote the ${marker} figures to bench/RESULTS.md`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
