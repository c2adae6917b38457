// The orders of `npm run bench:orders`' data set (scripts/bench-orders.mjs), generated in SQL: also the data set of
// `npm run bench:search` (scripts/bench-search.mjs), which measures the console's search box on the same 1,000,000
// orders. prepare() numbers the demo shops (the demo owner's first) and their products; fillOrders() tops the orders up
// to n, with a customer per ten orders (see bench-orders.mjs' header for what is generated and how).
import { performance } from "node:perf_hooks";
import { OWNER } from "./bench-harness.mjs";

const BATCH = 50_000;
const LARGE_SHOP_SHARE = 0.45;

const FIRST = [
  "Olivia",
  "Jack",
  "Charlotte",
  "Noah",
  "Amelia",
  "William",
  "Isla",
  "Oliver",
  "Mia",
  "Leo",
  "Ava",
  "Henry",
  "Grace",
  "Lucas",
  "Chloe",
  "Thomas",
  "Zoe",
  "James",
  "Ruby",
  "Ethan",
  "Sophie",
  "Max",
  "Harper",
  "Archie",
  "Ella",
  "Liam",
  "Matilda",
  "Hudson",
  "Evie",
  "Lachlan",
];
const LAST = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Johnson",
  "White",
  "Martin",
  "Anderson",
  "Thompson",
  "Nguyen",
  "Thomas",
  "Walker",
  "Harris",
  "Lee",
  "Ryan",
  "Robinson",
  "Kelly",
  "King",
  "Davis",
  "Wright",
  "Evans",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Chen",
  "Singh",
  "Murphy",
  "Mitchell",
  "Campbell",
  "Young",
  "Scott",
  "Edwards",
  "Hughes",
];
const STREETS = [
  "George St",
  "Pitt St",
  "Collins St",
  "Queen St",
  "Hay St",
  "King William St",
  "Chapel St",
  "Oxford St",
  "Beach Rd",
  "Sturt St",
  "Brunswick St",
  "Victoria Rd",
];
const CITIES = [
  "Sydney",
  "Melbourne",
  "Brisbane",
  "Perth",
  "Adelaide",
  "Hobart",
  "Canberra",
  "Darwin",
  "Geelong",
  "Newcastle",
  "Gold Coast",
  "Wollongong",
];
const REASON = "Customer changed their mind";
/** The shops (the demo owner's first, with LARGE_SHOP_SHARE of the orders) and their live products. */
export async function prepare(db) {
  const shops = await db`
    select s.id, s.name, u.email from shops s join users u on u.id = s.owner_id
    where s.deleted_at is null and exists (select 1 from products p where p.shop_id = s.id and p.deleted_at is null)
    order by (u.email = ${OWNER.email}) desc, s.created_at, s.name`;
  if (shops[0]?.email !== OWNER.email) throw new Error(`no live shop of ${OWNER.email} with products`);
  const others = shops.length - 1;
  await db`drop table if exists bench_shops, bench_products, bench_customers`;
  await db`create unlogged table bench_shops (no int primary key, id text not null, upto double precision not null)`;
  // the cumulative share of each shop: a uniform draw below `upto` (and above the previous shop's) picks it
  for (const [i, s] of shops.entries()) {
    const upto = i === 0 ? (others ? LARGE_SHOP_SHARE : 1) : LARGE_SHOP_SHARE + ((1 - LARGE_SHOP_SHARE) * i) / others;
    await db`insert into bench_shops values (${i + 1}, ${s.id}, ${upto})`;
  }
  await db`
    create unlogged table bench_products as
    select bs.no as shop_no, row_number() over (partition by bs.no order by p.id)::int as k, p.id, p.name,
      coalesce(p.min_cents, p.price_cents) as price_cents, coalesce(p.default_image, p.images ->> 0) as image, p.sku,
      p.subcategory_id as category_id, coalesce(c.tax, 10) as tax, coalesce(c.commission, 10) as commission
    from products p join bench_shops bs on bs.id = p.shop_id join categories c on c.id = p.subcategory_id
    where p.deleted_at is null`;
  await db`create unique index on bench_products (shop_no, k)`;
  await db`alter table bench_shops add column n int`;
  await db`update bench_shops set n = (select count(*) from bench_products p where p.shop_no = bench_shops.no)`;
  await db`create unlogged table bench_customers (k int primary key, id text not null)`;
  const [base] = await db`select coalesce(max(order_number), 0)::bigint as n from orders`;
  return { shops, base: Number(base.n) };
}

/** Customers 1..n (role endUser, Australian mobiles 48xxxxxxx), ids "b0" + 22 hex digits; numbered in bench_customers. */
async function fillCustomers(db, n) {
  await db`
    insert into users (id, f_name, l_name, email, country_code, mobile, role, phone_verified_at, created_at, updated_at)
    select 'b0' || lpad(to_hex(k), 22, '0'), f, l, lower(f || '.' || l || k || '@example.test'), '+61', '48' || lpad(k::text, 7, '0'),
      'endUser', created, created, created
    from (
      select k, (${FIRST}::text[])[1 + k % ${FIRST.length}] as f, (${LAST}::text[])[1 + (k / ${FIRST.length}) % ${LAST.length}] as l,
        now() - interval '400 days' * random() as created
      from generate_series(1, ${n}::int) as k
    ) c
    on conflict do nothing`;
  await db`
    insert into bench_customers (k, id)
    select row_number() over (order by id)::int, id from users where id like 'b0%' and deleted_at is null
    on conflict (k) do update set id = excluded.id`;
  return Number((await db`select count(*)::int as n from bench_customers`)[0].n);
}

/**
 * Orders `from`..`to` (order numbers base + i): the order-level draws in bench_o, then one statement inserting the
 * lines and the orders with their totals (summed from the lines as the order-placement service does).
 */
async function insertOrders(db, { base, customers }, from, to) {
  await db`drop table if exists bench_o`;
  await db`
    create unlogged table bench_o as
    select i, created,
      lpad(to_hex(extract(epoch from created)::bigint), 8, '0') || substr(md5(i::text || 'o'), 1, 16) as id,
      1 + floor(${customers} * power(random(), 1.6))::int as customer,
      case when random() < 0.85 then 'online' else 'offline' end as order_type,
      case when r_lines < 0.5 then 1 when r_lines < 0.8 then 2 when r_lines < 0.95 then 3 else 4 end as nlines,
      (select no from bench_shops where upto >= r_shop order by upto limit 1) as shop1,
      (select no from bench_shops where upto >= r_shop2 order by upto limit 1) as shop2,
      random() < 0.1 as multi, r_status, extract(epoch from now() - created) / 86400 as age
    from (
      select i, random() as r_lines, random() as r_shop, random() as r_shop2, random() as r_status,
        now() - interval '365 days' * power(random(), 1.3) as created
      from generate_series(${from}::int, ${to}::int) as i
    ) g`;
  await db`
    with l as (
      select o.i, o.id as order_id, pos, o.created, o.age, o.r_status, s.id as shop_id, p.id as product_id, p.name, p.image,
        p.sku, p.category_id, p.price_cents, p.tax, p.commission,
        1 + floor(power(random(), 3) * 4)::int as quantity, random() as r_refund
      from bench_o o
      cross join generate_series(1, o.nlines) as pos
      join bench_shops s on s.no = case when pos = 2 and o.multi then o.shop2 else o.shop1 end
      join bench_products p on p.shop_no = s.no and p.k = 1 + abs(hashint4(o.i * 7 + pos)) % s.n
    ), priced as (
      select l.*, price_cents * quantity as line_cents, round(price_cents * quantity * tax / 100.0)::int as tax_cents,
        round(price_cents * quantity * commission / 100.0)::int as commission_cents,
        case
          when age > 2 and r_refund < 0.03 then 'Refunded'
          when age < 3 then (array['Pending', 'Pending', 'Found', 'On Hold', 'Awaiting Pickup', 'On The Way'])[1 + floor(r_status * 6)::int]
          when age < 14 then (array['Pending', 'Found', 'On Hold', 'Awaiting Pickup', 'On The Way', 'On The Way', 'Delivered', 'Delivered', 'Delivered', 'Delivered'])[1 + floor(r_status * 10)::int]
          else (case when r_status < 0.01 then 'On Hold' when r_status < 0.02 then 'On The Way' else 'Delivered' end)
        end as shop_status
      from l
    ), lines as (
      insert into order_lines (id, order_id, shop_id, product_id, product_name, image, sku, category_id, unit_cents, quantity,
        line_cents, tax_percent, tax_cents, commission_percent, commission_cents, net_amount_cents, shop_status, is_refunded,
        refund_reason, refunded_cents, refunded_at, position, created_at, updated_at)
      select substr(order_id, 1, 8) || substr(md5(i::text || '-' || pos), 1, 16), order_id, shop_id, product_id, name, image, sku, category_id, price_cents, quantity, line_cents, tax, tax_cents, commission, commission_cents,
        line_cents - commission_cents, shop_status, shop_status = 'Refunded',
        case when shop_status = 'Refunded' then ${REASON} end,
        case when shop_status = 'Refunded' then line_cents + tax_cents else 0 end,
        case when shop_status = 'Refunded' then created + interval '2 days' end,
        pos - 1, created, created
      from priced
      returning order_id, shop_id, line_cents, tax_cents, commission_cents, refunded_cents
    ), parts as (
      insert into order_parts (shop_id, order_id, order_number, total_cents, created_at, buyer_id)
      select lines.shop_id, o.id, ${base} + o.i, sum(line_cents + tax_cents)::int, o.created, c.id
      from lines join bench_o o on o.id = lines.order_id join bench_customers c on c.k = o.customer
      group by lines.shop_id, o.id, o.i, o.created, c.id
    )
    insert into orders (id, order_number, buyer_id, order_type, address, city, subtotal_cents, tax_cents, coupon_discount_cents,
      total_cents, commission_cents, refunded_cents, payment_provider, payment_intent_id, created_at, updated_at)
    select o.id, ${base} + o.i, c.id, o.order_type,
      (1 + o.i % 240) || ' ' || (${STREETS}::text[])[1 + o.i % ${STREETS.length}], (${CITIES}::text[])[1 + (o.i / 7) % ${CITIES.length}],
      t.subtotal, t.tax, 0, t.subtotal + t.tax, t.commission, t.refunded, 'ledger', 'ledger_' || o.id, o.created, o.created
    from bench_o o
    join bench_customers c on c.k = o.customer
    join (
      select order_id, sum(line_cents)::int as subtotal, sum(tax_cents)::int as tax, sum(commission_cents)::int as commission,
        sum(refunded_cents)::int as refunded
      from lines group by order_id
    ) t on t.order_id = o.id`;
}

/** Tops the orders up to `n` (with a customer per ten orders, or `setup.customerCount`); every shop of an order counts its buyer as a customer. */
export async function fillOrders(db, setup, n, log = console.log) {
  const started = performance.now();
  const [{ have }] = await db`select count(*)::int as have from orders`;
  setup.customers = await fillCustomers(db, setup.customerCount ?? Math.max(2000, Math.round(n / 10)));
  // a bulk load: the rows reference what exists by construction, so the foreign-key triggers are off meanwhile, and
  // the tables' secondary indexes are dropped and built again afterwards (the schema's own definitions, read back)
  await db`set session_replication_role = replica`;
  await db`set maintenance_work_mem = '256MB'`;
  const indexes = await db`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ('orders', 'order_lines', 'order_parts')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;
  for (const { indexname } of indexes) await db`drop index ${db(indexname)}`;
  // order i gets order number base + i; each fill goes on from the last one's i
  const last = (setup.next ?? 1) + n - have - 1;
  for (let from = setup.next ?? 1; from <= last; from += BATCH)
    await insertOrders(db, setup, from, Math.min(from + BATCH - 1, last));
  setup.next = Math.max(setup.next ?? 1, last + 1);
  for (const { indexdef } of indexes) await db.unsafe(indexdef);
  await db`
    insert into shop_customers (shop_id, customer_id, source, created_at)
    select l.shop_id, o.buyer_id, 'ordered', min(o.created_at) from orders o join order_lines l on l.order_id = o.id
    group by l.shop_id, o.buyer_id
    on conflict do nothing`;
  // the customers list's figures, which triggers keep as orders change (ADR 0075), are off with them: counted once here
  await db`select customer_figures_rebuild()`;
  await db`set session_replication_role = origin`;
  await db`select setval(pg_get_serial_sequence('orders', 'order_number'), (select max(order_number) from orders))`;
  if (process.env.BENCH_SQL) {
    log(`BENCH_SQL: ${process.env.BENCH_SQL}`);
    await db.unsafe(process.env.BENCH_SQL);
  }
  await db`vacuum analyze users`;
  await db`vacuum analyze orders`;
  await db`vacuum analyze order_lines`;
  await db`vacuum analyze order_parts`;
  await db`vacuum analyze shop_customers`;
  await db`vacuum analyze customer_figures`;
  const [o] = await db`select count(*)::int as orders, (select count(*)::int from order_lines) as lines from orders`;
  const [mine] =
    await db`select count(distinct order_id)::int as n from order_lines where shop_id = ${setup.shops[0].id}`;
  log(
    `${o.orders} orders, ${o.lines} lines, ${setup.customers} bench customers; ${mine.n} orders (${((100 * mine.n) / o.orders).toFixed(0)}%) hold lines of ${setup.shops[0].name} ` +
      `(generated and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return o.orders;
}

/** What a caller can find (order ids and buyers of the orders they see), for the search, buyerId kinds. */
export async function findable(db, shopId) {
  const scope = shopId ? db`and o.id in (select order_id from order_lines where shop_id = ${shopId})` : db``;
  const rows = await db`
    select o.order_number::int as n, u.id, u.f_name || ' ' || u.l_name as name, u.email, u.mobile
    from orders o join users u on u.id = o.buyer_id
    where o.deleted_at is null ${scope}
    order by random() limit 300`;
  if (!rows.length) throw new Error("no orders to search for");
  return {
    orders: rows.map((r) => r.n),
    buyers: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, mobile: r.mobile })),
  };
}
