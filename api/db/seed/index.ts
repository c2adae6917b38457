import { Faker, en } from "@faker-js/faker";
import { count, eq } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import { log } from "#api/platform/log";
import type { Database } from "../client";
import { users } from "../schema";
import { seedTaxonomy, storeSeedFile, type DepartmentName, type SeedFiles } from "./catalogue";
import { createOwnerWithShop, createStaff, createUser } from "./factories";
import { seedInfluencers } from "./influencers";
import { seedCommissions } from "./commission";
import { seedProducts } from "./products";
// streams
import { seedStreamChats, seedStreams } from "./streams";
import { seedChats } from "./chats";
// campaigns
import { seedCampaignActivity, seedCampaigns } from "./campaigns";
import { DEMO_ORDERS, seedOrders, seedStreamOrders } from "./orders";
import { offlinePlaces } from "#api/platform/providers/places";
import { uploadKey } from "#api/modules/uploads";
import { orders as ordersTable, uploads } from "../schema";
import { Canvas, categoryImage, hsl } from "./images";
import { seedAuditEntries } from "./audit";

// the three other demo shops: what the Add shop page would have been given for each
const SEED_SLOT = (start: string, end: string) => ({ status: true, start, end });
interface SeedShopLook {
  address: string;
  hue: number;
  website: string | null;
  manager: { fName: string; lName: string; gender: string };
  story: string;
  timings: Record<string, { status: boolean; start: string; end: string }[]>;
}
const SEED_SHOP_LOOKS: SeedShopLook[] = [
  {
    address: "5 Queen St, Brisbane",
    hue: 28,
    website: null,
    manager: { fName: "Grace", lName: "Kelly", gender: "Female" },
    story: "<p>Homewares chosen for slow mornings: linen, stoneware and candles, shown live every weekend.</p>",
    timings: {
      monday: [SEED_SLOT("10:00 AM", "6:00 PM")],
      wednesday: [SEED_SLOT("10:00 AM", "6:00 PM")],
      saturday: [SEED_SLOT("9:00 AM", "12:00 PM"), SEED_SLOT("1:00 PM", "5:00 PM")],
    },
  },
  {
    address: "20 Hay St, Perth",
    hue: 200,
    website: "https://trailhead.example.test",
    manager: { fName: "Ethan", lName: "Walker", gender: "Male" },
    story:
      "<p>Gear for the trail and the surf, tested on the Western Australian coast.</p><p>Live demos on Thursdays.</p>",
    timings: {
      tuesday: [SEED_SLOT("9:00 AM", "5:00 PM")],
      thursday: [SEED_SLOT("9:00 AM", "12:00 PM"), SEED_SLOT("4:00 PM", "9:00 PM")],
      sunday: [SEED_SLOT("10:00 AM", "2:00 PM")],
    },
  },
  {
    address: "3 King William St, Adelaide",
    hue: 320,
    website: null,
    manager: { fName: "Isla", lName: "Morgan", gender: "Female" },
    story: "<p>Toys, nursery and playroom pieces for little ones.</p>",
    timings: {
      monday: [SEED_SLOT("9:00 AM", "3:00 PM")],
      friday: [SEED_SLOT("9:00 AM", "3:00 PM"), SEED_SLOT("6:00 PM", "8:00 PM")],
    },
  },
];

/** The sign-ins printed at start, each one the README's "Demo sign-ins" table lists (tests/unit/demo-sign-ins.test.ts). */
export const DEMO_SIGN_INS = [
  { role: "admin", email: "admin@liveshop.test", password: "Admin#2026" },
  { role: "admin", email: "support@liveshop.test", password: "Admin#2026" },
  { role: "shop owner", email: "owner@liveshop.test", password: "Owner#2026" },
  { role: "shop owner", email: "owner2@liveshop.test", password: "Owner#2026" },
  { role: "staff", email: "staff@liveshop.test", password: "Staff#2026" },
] as const;

export async function isEmpty(db: Database) {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

/**
 * Demo data: the same every time (seeded faker). Later areas add theirs below; images go through `files`.
 * `orders`: how many demo orders to place (DEMO_ORDERS, over 5,000, by default; the SEED_ORDERS setting; 0 stops
 * after the products and streams, for tests of the catalogue).
 */
export async function seedDemo(db: Database, files: SeedFiles, { orders = DEMO_ORDERS }: { orders?: number } = {}) {
  await seedBase(db, files);
  await seedBulk(db, files, { orders });
}

/** `fn`, with a line saying how long it took (`npm run bench:seed` and the server's log show where the seed's time goes). */
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  log.info(`  seeded ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * The first part of the demo data: what signing in and the first screens need — the accounts, shops, staff,
 * influencers, the taxonomy, commissions, products and streams. The server serves once it is there (ADR 0072).
 */
export async function seedBase(db: Database, files: SeedFiles) {
  const faker = new Faker({ locale: [en] });
  faker.seed(2026);
  const phone = () => `4${faker.string.numeric(8)}`;

  const admin = await createUser(db, {
    role: "admin",
    fName: "Ava",
    lName: "Mitchell",
    email: "admin@liveshop.test",
    password: "Admin#2026",
    gender: "Female",
    mobile: "400000001",
  });
  // a second admin, so a demo (or a test) can change a password without locking the first one out
  await createUser(db, {
    role: "admin",
    fName: "Oliver",
    lName: "Brown",
    email: "support@liveshop.test",
    password: "Admin#2026",
    gender: "Male",
    mobile: "400000005",
  });
  // spec 1 §3 Shop timings: lowercase weekday → slots in 12-hour text; a day may have several
  const slot = (start: string, end: string) => ({ status: true, start, end });
  const weekdays = {
    monday: [slot("9:00 AM", "5:00 PM")],
    tuesday: [slot("9:00 AM", "5:00 PM")],
    wednesday: [slot("9:00 AM", "5:00 PM")],
    thursday: [slot("9:00 AM", "12:30 PM"), slot("1:30 PM", "8:00 PM")],
    friday: [slot("9:00 AM", "5:00 PM")],
  };
  const first = await createOwnerWithShop(
    db,
    {
      fName: "Liam",
      lName: "Nguyen",
      email: "owner@liveshop.test",
      password: "Owner#2026",
      gender: "Male",
      mobile: "400000002",
    },
    {
      name: "Harbour Threads",
      email: "hello@harbourthreads.test",
      address: "12 George St, Sydney NSW 2000, Australia",
      status: "Approved",
      story: "Sustainable streetwear, streamed live from Sydney.",
      website: "https://harbourthreads.test",
      timings: { ...weekdays, saturday: [slot("10:00 AM", "4:00 PM")] },
      latitude: -33.8688,
      longitude: 151.2093,
    },
  );
  const second = await createOwnerWithShop(
    db,
    {
      fName: "Chloe",
      lName: "Williams",
      email: "owner2@liveshop.test",
      password: "Owner#2026",
      gender: "Female",
      mobile: "400000003",
    },
    {
      name: "Glow Botanics",
      email: "care@glowbotanics.test",
      address: "88 Collins St, Melbourne VIC 3000, Australia",
      status: "Approved",
      story: "Small-batch skincare from native botanicals.",
      timings: weekdays,
      latitude: -37.8136,
      longitude: 144.9631,
    },
  );
  await createStaff(db, first.shop.id, ["product:add", "product:edit", "order:status-edit"], {
    fName: "Noah",
    lName: "Patel",
    email: "staff@liveshop.test",
    password: "Staff#2026",
    gender: "Male",
    mobile: "400000004",
    designation: "Store manager",
  });

  const person = (sex: "female" | "male") => ({
    fName: faker.person.firstName(sex),
    lName: faker.person.lastName(),
    gender: sex === "female" ? "Female" : "Male",
    mobile: phone(),
    createdAt: faker.date.past({ years: 1, refDate: new Date("2026-11-01T00:00:00Z") }),
  });
  const withEmail = <T extends { fName: string; lName: string }>(p: T) => ({
    ...p,
    email: faker.internet.email({ firstName: p.fName, lastName: p.lName, provider: "example.test" }).toLowerCase(),
  });

  for (let i = 0; i < 14; i++)
    await createUser(db, { ...withEmail(person(i % 2 ? "female" : "male")), role: "endUser" });
  // influencers with every extra and a portfolio, in every verification state; the six people drawn
  // here keep the random sequence of the seed as it was, three more come from the influencer seed's own
  const influencers = Array.from({ length: 6 }, (_, i) => withEmail(person(i % 2 ? "male" : "female")));
  await timed("the influencers", () =>
    seedInfluencers(db, files, { adminId: admin.id, people: influencers, extra: 3 }),
  );
  // the other shops sell in the remaining departments
  const otherDepartments: DepartmentName[][] = [
    ["Home & Living"],
    ["Sports & Outdoors"],
    ["Kids & Baby", "Home & Living"],
  ];
  const shopDepartments: { shopId: string; departments: DepartmentName[]; commissions?: Record<string, number> }[] = [
    // spec 1 §3 Commission: a shop's own percentage on a few sub-categories
    {
      shopId: first.shop.id,
      departments: ["Women's Fashion", "Men's Fashion"],
      commissions: { "Women's Fashion/Clothing/Dresses": 10, "Men's Fashion/Clothing/T-Shirts": 9 },
    },
    { shopId: second.shop.id, departments: ["Beauty & Personal Care"] },
  ];
  for (let i = 0; i < 3; i++) {
    const owner = withEmail(person(i % 2 ? "female" : "male"));
    // each shop as the Add shop page leaves it — pictures (the admin's uploads), an address with coordinates,
    // a story, opening hours with several slots a day, and staff with permissions; one shop in each verification state
    const look = SEED_SHOP_LOOKS[i]!;
    const shopName = `${faker.commerce.productAdjective()} ${faker.commerce.department()}`.slice(0, 25);
    const place = await offlinePlaces.details((await offlinePlaces.autocomplete(look.address))[0]!.place_id);
    const picture = async (kind: "logo" | "cover", png: Buffer) => {
      const fileName = `${shopName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${kind}.png`;
      const key = uploadKey(files.host, "shopImage", fileName, owner.createdAt);
      await storeSeedFile(files, key, png);
      await db.insert(uploads).values({
        key,
        userId: admin.id,
        fileName,
        contentType: "image/png",
        size: png.length,
        status: "stored",
        createdAt: owner.createdAt,
      });
      return files.storage.location(key);
    };
    const cover = new Canvas(960, 320);
    cover.gradient(hsl(look.hue, 0.7, 0.85), hsl(look.hue + 25, 0.55, 0.45), Math.PI / 8);
    for (let c = 0; c < 6; c++)
      cover.circle(120 + c * 150, 80 + ((c * 97) % 200), 40 + ((c * 37) % 70), [255, 255, 255], 0.18);
    const { shop } = await createOwnerWithShop(db, owner, {
      name: shopName,
      email: `shop${i}@example.test`,
      status: (["Pending", "Approved", "Rejected"] as const)[i],
      createdAt: owner.createdAt,
      image: await picture("logo", categoryImage(shopName, look.hue, 0, 256)),
      coverImage: await picture("cover", cover.toPng()),
      address: place?.description,
      placeId: place?.place_id,
      latitude: place?.latitude,
      longitude: place?.longitude,
      story: look.story,
      website: look.website,
      timings: look.timings,
    });
    await createStaff(db, shop.id, ["product:add"], {
      ...withEmail(person(i % 2 ? "male" : "female")),
      designation: "Assistant",
    });
    // a second member with a wider grid (fixed names, so the random sequence of the seed stays as it was)
    await createStaff(
      db,
      shop.id,
      ["shop:edit-details", "product:add", "product:edit", "order:status-edit", "order:scan-qr", "staff:add"],
      {
        ...look.manager,
        email: `${look.manager.fName.toLowerCase()}.${look.manager.lName.toLowerCase()}@example.test`,
        mobile: `41200000${i}`,
        designation: "Shop manager",
      },
    );
    shopDepartments.push({ shopId: shop.id, departments: otherDepartments[i] });
  }

  await timed("the taxonomy", () => seedTaxonomy(db, files, { adminId: admin.id, shops: shopDepartments }));
  // after the taxonomy: each shop's own commission on a few sub-categories of its departments (spec 1 §3 Commission)
  await timed("the commissions", () =>
    seedCommissions(
      db,
      shopDepartments.map((s) => s.shopId),
    ),
  );
  // products in every shop's departments, with pictures, variations and discounts
  await timed("the products", () => seedProducts(db, files));
  // streams in every state, after the products they show
  await timed("the streams", () => seedStreams(db, files, first.shop.id));
  // the audit log's entries for what the base wrote, so the demo's history starts with the seed's own changes
  await timed("the audit log", () => seedAuditEntries(db));
}

/** What seedBulk() tells as it goes: each step that finished (its count), and the orders placed so far. */
export interface BulkProgressHooks {
  onStep?: (done: number) => Promise<void> | void;
  onPlaced?: (placed: number) => unknown;
}

/**
 * The bulk of the demo data, after seedBase(): the orders and everything that depends on them, in steps. `from`: the
 * first step to run (a bulk resumed after an interruption, ./first-start.ts). Every step but the orders' runs in one
 * transaction, so an interrupted one left nothing; the orders step places each order in a transaction of its own, and
 * run again it places only the orders still missing (its coupons and customers are found, not made twice).
 */
export async function seedBulk(
  db: Database,
  files: SeedFiles,
  { orders = DEMO_ORDERS, from = 0, onStep, onPlaced }: { orders?: number; from?: number } & BulkProgressHooks = {},
) {
  const steps = BULK_STEPS;
  for (let i = from; i < steps.length; i++) {
    const step = steps[i]!;
    await timed(step.name, () =>
      step.atomic
        ? db.transaction((tx) => step.run(tx, files, { orders, onPlaced }))
        : step.run(db, files, { orders, onPlaced }),
    );
    await onStep?.(i + 1);
  }
}

interface BulkStep {
  name: string;
  /** whether the step runs in one transaction */
  atomic: boolean;
  run: (
    db: Database,
    files: SeedFiles,
    opts: { orders: number; onPlaced?: (placed: number) => unknown },
  ) => Promise<unknown>;
}

/** The bulk's steps, in order; each step's name says what it seeds. */
export const BULK_STEPS: BulkStep[] = [
  // 5,000+ orders placed through the order service over the last 12 months, with coupons, every
  // line status, refunds and notes; the customers' wishlists, the shops' notes and customers registered by each shop.
  // Resumed, it places the orders still missing.
  {
    name: "the orders",
    atomic: false,
    run: async (db, files, { orders, onPlaced }) => {
      if (orders <= 0) return;
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@liveshop.test"));
      const [placed] = await db.select({ n: count() }).from(ordersTable);
      await onPlaced?.(placed!.n);
      await seedOrders(db, files, {
        adminId: admin!.id,
        count: Math.max(0, orders - placed!.n),
        onPlaced: onPlaced && ((n) => onPlaced(placed!.n + n)),
      });
      await onPlaced?.(orders);
    },
  },
  // the live stream's orders so far, at its promotion prices
  {
    name: "the live stream's orders",
    atomic: true,
    run: (db, files, { orders }) => (orders > 0 ? seedStreamOrders(db, files) : Promise.resolve()),
  },
  // campaigns of every status on the approved shops, with influencers in every state
  { name: "the campaigns", atomic: true, run: (db) => seedCampaigns(db) },
  // their accepted influencers' terms, campaign streams (one live), the orders placed during them, and payments
  {
    name: "the campaigns' activity",
    atomic: true,
    run: (db, files, { orders }) => seedCampaignActivity(db, files, { orders }),
  },
  // every stream's live chat (spec 3 §7), campaigns' streams included
  { name: "the streams' chats", atomic: true, run: (db) => seedStreamChats(db) },
  // demo conversations: one-to-one, order and stream chats with messages and pictures
  { name: "the conversations", atomic: true, run: (db) => seedChats(db) },
  // the audit log's entries for the records the bulk added (orders, customers, coupons, campaigns, their streams)
  { name: "the audit log", atomic: true, run: (db) => seedAuditEntries(db) },
];
