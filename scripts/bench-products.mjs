// `npm run bench:products`: how fast the server-rendered product lists answer with a large products table, against
// the budget of ARCHITECTURE §8 (p95 under 100 ms at 20 concurrent clients on this machine).
//
// How (the harness of scripts/bench-harness.mjs): creates a fresh PostgreSQL database (liveshop_bench_<timestamp> on
// 127.0.0.1:5432, user postgres), starts the production server on it through scripts/start.mjs (which builds into
// BUILD_DIR when stale, then migrates and seeds the demo data, products included), bulk-inserts products in SQL
// (INSERT ... SELECT FROM generate_series) up to BENCH_PRODUCTS rows — 80% in the demo owner's shop (Harbour
// Threads), the rest over the other shops, each in one of its shop's departments → category → leaf, a third with
// 3 variation rows (Color × Size), every SKU registered in product_skus, 1% soft-deleted — ANALYZEs, and signs in
// as the demo owner and the demo admin. Then, for each target, after a warm-up, BENCH_REQUESTS full-document GETs
// from BENCH_CONCURRENCY clients over loopback, cycling through a mix of URL kinds (default, a random page 1–50,
// the four sorts, a name search, a SKU search, 100 per page); each client sends its next request as soon as the
// last one answered. Targets: /app/products as the owner, /app/shop/{Harbour Threads}/products as the admin
// (both budgeted), and GET /api/product as the owner (JSON only, not budgeted). Each request is timed from
// sending to the last byte of the (compressed) HTML, with the session cookie and a desktop Chrome
// user agent; anything but a 200 is an error (redirects are not followed). BENCH_SOLO requests per kind are
// also sent from a single client first: their p50 is each kind's own cost. Prints requests, errors,
// p50/p95/p99/max and requests/s per URL kind and overall, and the CPU each request cost the app server,
// PostgreSQL and the load generator (from /proc). Exits 1 when a page's overall p95 is over budget or any
// request failed. The server is stopped and the database dropped at the end, also on failure or Ctrl-C.
//
// Environment: BENCH_PRODUCTS (100000), BENCH_REQUESTS (2000), BENCH_CONCURRENCY (20), BENCH_WARMUP (200),
// BENCH_SOLO (10), BENCH_PORT (3711), BUILD_DIR (build-benchproducts),
// BENCH_SQL (SQL run after the fill and before ANALYZE, e.g. an index to try before writing its migration),
// BENCH_PG (postgres://postgres@127.0.0.1:5432/postgres: the server the bench database is created on).
import { performance } from "node:perf_hooks";
import { ADMIN, API_HEADERS, CHROME_HEADERS, createBench, listKinds, OWNER } from "./bench-harness.mjs";

// ─── What this benchmark measures ────────────────────────────────────────────────────────────────
const TABLE = "products";
const SEARCH = "linen"; // a descriptor in about one name in twelve
const SKU_SEARCH = "-10004"; // the bench SKUs are <prefix>-<1000000 + row>: rows 40–49, 400–499, 4000–4999, 40000–49999
/** URL kinds, each a query string (pages and API read the same parameters), between the default, a random page and 100 per page. */
const KINDS = listKinds(
  ["sort name asc", () => "sort=name&sortType=asc"],
  ["sort price desc", () => "sort=price&sortType=desc"],
  ["sort stock asc", () => "sort=stock&sortType=asc"],
  ["sort createdAt asc", () => "sort=createdAt&sortType=asc"],
  [`search "${SEARCH}"`, () => `search=${SEARCH}`],
  [`search SKU "${SKU_SEARCH}"`, () => `search=${SKU_SEARCH}`],
  // and 100 per page
);

const PLACES = [
  "Byron",
  "Noosa",
  "Hobart",
  "Cottesloe",
  "Torquay",
  "Daintree",
  "Kiama",
  "Lorne",
  "Mosman",
  "Fremantle",
  "Broome",
  "Yarra",
  "Otway",
  "Barossa",
  "Tamar",
  "Mornington",
  "Whitsunday",
  "Freycinet",
  "Ningaloo",
  "Grampians",
  "Cronulla",
  "Avoca",
  "Esperance",
  "Margaret",
];
const DESCRIPTORS = [
  "Linen",
  "Cotton",
  "Merino",
  "Organic",
  "Recycled",
  "Washed",
  "Relaxed",
  "Tailored",
  "Classic",
  "Everyday",
  "Coastal",
  "Weekend",
  "Vintage",
  "Heritage",
  "Ribbed",
  "Soft",
  "Woven",
  "Textured",
  "Lightweight",
  "Signature",
  "Studio",
  "Trail",
  "Daily",
  "Bright",
];
const COLOURS = ["Black", "White", "Navy", "Red", "Green", "Blue"];
const SIZES = ["S", "M", "L"];

/** Each live shop's leaves (department, category, sub-category and the leaf's name), a picture, the brands. */
async function catalogue(sql) {
  const shops = await sql`
    select s.id, s.name, u.email from shops s join users u on u.id = s.owner_id where s.deleted_at is null order by s.created_at, s.name`;
  const leaves = await sql`
    select sc.shop_id, d.id as department_id, c.id as category_id, l.id as leaf_id, l.name as leaf
    from shop_categories sc
    join categories d on d.id = sc.category_id
    join categories c on c.parent_id = d.id
    join categories l on l.parent_id = c.id
    order by d.name, c.name, l.name`;
  const pictures =
    await sql`select distinct on (shop_id) shop_id, images from products where deleted_at is null order by shop_id, created_at`;
  const brands = (await sql`select id from brands order by name`).map((b) => b.id);
  const [colour] = await sql`select id from attributes where name = 'Color'`;
  const [size] = await sql`select id from attributes where name = 'Size'`;
  return shops.map((shop) => ({
    ...shop,
    leaves: leaves.filter((l) => l.shop_id === shop.id),
    images: pictures.find((p) => p.shop_id === shop.id)?.images ?? [],
    brands,
    variationList: {
      Color: { list: COLOURS.slice(0, 1), type: "dropdown", id: colour?.id ?? "" },
      Size: { list: SIZES, type: "dropdown", id: size?.id ?? "" },
    },
  }));
}

/**
 * Products `from`..`from + n - 1` of one shop: names "<place> <descriptor> <leaf>", prices 9.95–249.95, stock
 * 0–200 (5% sold out), created over the last year; every third (by row number) with three variation rows
 * (one colour × S, M, L) and its price range; 1% soft-deleted. SKUs <prefix>-<1000000 + row> for products and
 * <prefix>-<2000000 + 3 × row + k> for variations, all in product_skus. Ids of 24 hex characters (time, then the
 * row number, then noise), like the app's.
 */
async function insertProducts(sql, shop, from, n) {
  const arr = (values) => sql.array(values);
  const leaves = shop.leaves;
  const images = JSON.stringify(shop.images);
  await sql`
    with g as (
      select i, random() as r_price, random() as r_stock, random() as r_del, random() as r_step,
        now() - random() * interval '365 days' as created
      from generate_series(${from}::int, ${from + n - 1}::int) as i
    ), p as (
      select g.*,
        1 + (i * 7 + i / 13) % ${leaves.length} as leaf_no,
        (${arr(PLACES)}::text[])[1 + (i * 5) % ${PLACES.length}] || ' ' || (${arr(DESCRIPTORS)}::text[])[1 + (i * 11 + i / 17) % ${DESCRIPTORS.length}] as words,
        (9 + floor(r_price * 241))::int * 100 + 95 as price,
        case when r_stock < 0.05 then 0 else (1 + floor(r_stock * 200))::int end as stock,
        i % 3 = 1 as has_variations
      from g
    ), q as (
      select p.*, words || ' ' || (${arr(leaves.map((l) => l.leaf))}::text[])[leaf_no] as name,
        upper(rpad(left(regexp_replace(words, '[^A-Za-z]', '', 'g'), 3), 3, 'X')) as prefix,
        lpad(to_hex(extract(epoch from created)::int), 8, '0') || lpad(to_hex(i), 6, '0') || left(md5(${shop.id} || i::text), 10) as id
      from p
    ), ins as (
      insert into products (id, shop_id, name, description, tags, brand_id, department_id, category_id, subcategory_id, attr,
                            images, videos, default_image, size_chart_image, is_variation_available, variation_list, default_variant,
                            price_cents, min_cents, max_cents, currency, stock, sku, created_at, updated_at, deleted_at)
      select id, ${shop.id}, name, name || ', shown live in our studio.', '["bench"]'::jsonb,
        (${arr(shop.brands)}::text[])[1 + i % ${shop.brands.length}],
        (${arr(leaves.map((l) => l.department_id))}::text[])[leaf_no],
        (${arr(leaves.map((l) => l.category_id))}::text[])[leaf_no],
        (${arr(leaves.map((l) => l.leaf_id))}::text[])[leaf_no],
        '{}'::jsonb, ${images}::jsonb, '[]'::jsonb, ${images}::jsonb ->> 0,
        case when has_variations then ${images}::jsonb ->> 0 end,
        has_variations,
        case when has_variations then ${JSON.stringify(shop.variationList)}::jsonb else '{}'::jsonb end,
        case when has_variations then 'Black_S' end,
        price,
        case when has_variations then price end,
        case when has_variations then price + 1000 end,
        'AUD',
        case when has_variations then stock * 3 else stock end,
        case when has_variations then null else prefix || '-' || (1000000 + i) end,
        created, created,
        case when r_del < 0.01 then created + interval '1 day' end
      from q
      on conflict do nothing
      returning id, shop_id, sku, is_variation_available, price_cents, stock, default_image, created_at
    ), v as (
      insert into product_variations (id, product_id, variant, variant_details, sku, price_cents, stock, image, position, created_at, updated_at)
      select left(ins.id, 14) || left(md5(ins.id || k::text), 10), ins.id, 'Black_' || (array['S', 'M', 'L'])[k],
        jsonb_build_object('Color', 'Black', 'Size', (array['S', 'M', 'L'])[k]),
        q.prefix || '-' || (2000000 + 3 * q.i + k), ins.price_cents + (k - 1) * 500, q.stock, ins.default_image, k - 1, ins.created_at, ins.created_at
      from ins join q on q.id = ins.id cross join generate_series(1, 3) as k
      where ins.is_variation_available
      returning id, product_id, sku
    ), s1 as (
      insert into product_skus (shop_id, sku, product_id, variation_id)
      select shop_id, sku, id, null from ins where sku is not null
      on conflict do nothing
    )
    insert into product_skus (shop_id, sku, product_id, variation_id)
    select ${shop.id}, v.sku, v.product_id, v.id from v
    on conflict do nothing`;
}

const bench = createBench({
  name: "bench:products",
  rowsVar: "BENCH_PRODUCTS",
  port: 3711,
  buildDir: "build-benchproducts",
  kinds: KINDS,
});
const { ROWS, log } = bench;

async function fillTable(sql) {
  const count = async () => Number((await sql`select count(*)::int as n from ${sql(TABLE)}`)[0].n);
  const started = performance.now();
  const shops = (await catalogue(sql)).filter((s) => s.leaves.length);
  const demo = shops.find((s) => s.email === OWNER.email);
  if (!demo) throw new Error(`no live shop of ${OWNER.email} with departments`);
  const missing = ROWS - (await count());
  // 80% in the demo owner's shop, the rest shared by the others; row numbers never repeat across shops
  const others = shops.filter((s) => s !== demo);
  const shares = [[demo, Math.round(missing * (others.length ? 0.8 : 1))]];
  others.forEach((s, i) =>
    shares.push([
      s,
      Math.floor((missing - shares[0][1]) / others.length) + (i < (missing - shares[0][1]) % others.length ? 1 : 0),
    ]),
  );
  let from = 1;
  for (const [shop, n] of shares) {
    // in slices, so one statement's intermediate rows stay small
    for (let done = 0; done < n; done += 20_000) {
      const size = Math.min(20_000, n - done);
      await insertProducts(sql, shop, from, size);
      from += size;
    }
  }
  const have = await count();
  if (have < ROWS) throw new Error(`could only reach ${have} of ${ROWS} rows in ${TABLE}`);
  if (process.env.BENCH_SQL) {
    log(`BENCH_SQL: ${process.env.BENCH_SQL}`);
    await sql.unsafe(process.env.BENCH_SQL);
  }
  await sql.unsafe("analyze products; analyze product_variations; analyze product_skus");
  const [v] = await sql`select count(*)::int as n from product_variations`;
  const [mine] = await sql`select count(*)::int as n from products where shop_id = ${demo.id} and deleted_at is null`;
  log(
    `${TABLE}: ${have} rows (${mine.n} live in ${demo.name}), ${v.n} variation rows (inserted and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { rows: have, shop: demo, listed: mine.n };
}
// ─────────────────────────────────────────────────────────────────────────────────────────────────

await bench.run(async ({ sql }) => {
  const { rows, shop, listed } = await fillTable(sql);
  const [ownerCookie, adminCookie] = [await bench.signIn(OWNER), await bench.signIn(ADMIN)];

  const targets = [
    {
      title: `GET /app/products as ${OWNER.email}`,
      path: "/app/products",
      headers: { ...CHROME_HEADERS, cookie: ownerCookie },
      page: true,
    },
    {
      title: `GET /app/shop/${shop.id}/products as ${ADMIN.email}`,
      path: `/app/shop/${shop.id}/products`,
      headers: { ...CHROME_HEADERS, cookie: adminCookie },
      page: true,
    },
    {
      title: `GET /api/product as ${OWNER.email}`,
      path: "/api/product",
      headers: { ...API_HEADERS, cookie: ownerCookie },
      page: false,
    },
  ];
  // the pages must really be the list, and the API must agree on how many products the shop lists
  for (const target of targets.filter((t) => t.page)) await bench.probePage(target);
  const api = await bench.getJson("/api/product", targets[2].headers);

  const summaries = await bench.measureTargets(targets);
  return bench.report(
    `${TABLE}: ${rows} rows, ${listed} live in ${shop.name} (API count ${api.count}${api.countEstimated ? ", estimated" : ""})`,
    summaries,
  );
});
