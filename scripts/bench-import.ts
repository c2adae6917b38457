import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { IMPORT_COLUMNS } from "../contract/products/product-import";
import { createApi } from "../api/index";
import { openDatabase } from "../api/db/client";
import {
  assignShopCategories,
  createAttribute,
  createBrand,
  createCategory,
  setLeafAttributes,
} from "../api/db/seed/catalogue-factories";
import { createOwnerWithShop } from "../api/db/seed/factories";
import type { Deps } from "../api/platform/deps";
import { loadEnv } from "../api/platform/env";
import { createEvents } from "../api/platform/providers/events";
import { createPayments } from "../api/platform/providers/payments";
import { createSms } from "../api/platform/providers/sms";
import { createStorage } from "../api/platform/providers/storage";

// `npm run bench:import` (ADR 0073): a 10,000-row product CSV (ROWS) checked and then imported through the real API on
// PostgreSQL, in a fresh database `import_bench_<time>` on DATABASE_URL's server (dropped afterwards). A third of the
// rows are single products, the rest products with two variations; every product has three attributes. Prints the
// file's size, the check's and the import's seconds, and what was created.
const ROWS = Number(process.env.ROWS ?? 10_000);
const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PASSWORD = "Bench#2026!import";
// real PNG magic bytes, padded so the upload's sniffing sees an image
// prettier-ignore
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...Array.from({ length: 200 }, (_, i) => i % 251)]);

const cell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
const line = (cells: string[]) => `${cells.map(cell).join(",")}\r\n`;

async function main() {
  const name = `import_bench_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "import-bench-"));
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: dbUrl.toString() });
  try {
    await handle.migrate();
    const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "bench-import-bench-import-bench-42" });
    const deps: Deps = {
      env,
      db: handle.db,
      storage: createStorage(env),
      sms: createSms(env, handle.db),
      payments: createPayments(env),
      events: createEvents(handle.listen),
      now: () => new Date(),
    };
    const app = createApi(deps);
    const call = (method: string, apiPath: string, init: { body?: BodyInit; headers?: Record<string, string> }) =>
      app.request(`http://localhost/api/${apiPath}`, { method, ...init });

    // the catalogue: a leaf with three attributes and two variation dimensions, a brand, a shop selling there
    const material = await createAttribute(handle.db, { name: "Material", type: "text", list: [] });
    const fit = await createAttribute(handle.db, { name: "Fit", type: "dropdown", list: ["Slim", "Regular"] });
    const weight = await createAttribute(handle.db, { name: "Weight", type: "number", list: [] });
    const color = await createAttribute(handle.db, {
      name: "Color",
      type: "dropdown",
      isForVariation: true,
      list: ["Red", "Blue"],
    });
    const size = await createAttribute(handle.db, {
      name: "Size",
      type: "dropdown",
      isForVariation: true,
      list: ["S", "M", "L"],
    });
    const department = await createCategory(handle.db, { name: "Fashion" });
    const category = await createCategory(handle.db, { name: "Tops", parent: department });
    const leaf = await createCategory(handle.db, { name: "Shirts", parent: category });
    await setLeafAttributes(handle.db, leaf.id, [material.id, fit.id, weight.id], [color.id, size.id]);
    await createBrand(handle.db, { name: "Bench Brand", image: "/api/files/seed/brand.png" });
    const { owner, shop } = await createOwnerWithShop(handle.db, {
      email: "bench-import@liveshop.test",
      password: PASSWORD,
    });
    await assignShopCategories(handle.db, shop.id, [department.id]);
    const login = await call("POST", "auth/login", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("ls_session="))!
      .split(";")[0];
    const upload = async (purpose: string) => {
      const res = await call("POST", "upload/file", {
        headers: { cookie, "content-type": "image/png", "x-file-name": "bench.png", "x-purpose": purpose },
        body: PNG,
      });
      return ((await res.json()) as { data: { location: string } }).data.location;
    };
    const image = await upload("productMedia");
    const chart = await upload("catalogueImage");

    // the file: single products (one row) and products with two variations (two rows sharing a handle)
    const header = [...Object.values(IMPORT_COLUMNS), "Attribute: Material", "Attribute: Fit", "Attribute: Weight"];
    let csv = line(header);
    let rows = 0;
    for (let p = 0; rows < ROWS; p++) {
      const common = [
        `Bench shirt number ${p}`,
        `A comfortable shirt for every day, number ${p} of the bench file.`,
        "summer|cotton",
        "Fashion",
        "Tops",
        "Shirts",
        "Bench Brand",
      ];
      const attrs = ["Cotton", p % 2 ? "Slim" : "Regular", String(200 + (p % 50))];
      if (p % 3 === 0 || rows + 2 > ROWS) {
        csv += line([`single-${p}`, ...common, "19.99", "10", `B-${p}`, "", "", "", "", image, "", "", ...attrs]);
        rows += 1;
      } else {
        const first = ["Color", "Red", "Size", "M"];
        csv += line([`tee-${p}`, ...common, "25.00", "3", `B-${p}-RM`, ...first, image, "", chart, ...attrs]);
        csv += line([
          `tee-${p}`,
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "27.50",
          "4",
          `B-${p}-BL`,
          "",
          "Blue",
          "",
          "L",
          "",
          "",
          "",
          "",
          "",
          "",
        ]);
        rows += 2;
      }
    }
    const body = JSON.stringify({ csv });
    const headers = { cookie, "content-type": "application/json" };
    console.info(`file: ${rows} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(2)} MB`);

    let started = performance.now();
    const checked = await call("POST", "product/import/check", { headers, body });
    const checkSeconds = (performance.now() - started) / 1000;
    const check = (await checked.json()) as { data: { products: number; variations: number; problemCount: number } };
    if (checked.status !== 200 || check.data.problemCount > 0)
      throw new Error(`check: ${JSON.stringify(check).slice(0, 500)}`);
    console.info(
      `check: ${checkSeconds.toFixed(1)} s (${check.data.products} products, ${check.data.variations} variations, no problem)`,
    );

    started = performance.now();
    const imported = await call("POST", "product/import", { headers, body });
    const importSeconds = (performance.now() - started) / 1000;
    const summary = (await imported.json()) as { data: { productsCreated: number; variationsCreated: number } };
    if (imported.status !== 201) throw new Error(`import: ${JSON.stringify(summary).slice(0, 500)}`);
    console.info(
      `import: ${importSeconds.toFixed(1)} s (${summary.data.productsCreated} products, ${summary.data.variationsCreated} variations created, one audit entry each)`,
    );
    console.info(`check + import: ${(checkSeconds + importSeconds).toFixed(1)} s (budget 60 s)`);
  } finally {
    await handle.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}
void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
