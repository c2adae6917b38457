import { expect } from "vitest";
import { createAttribute, assignShopCategories, createBrand, createCategory, setLeafAttributes } from "#api/db/seed/catalogue-factories";
import { createOwnerWithShop, createStaff, createUser } from "#api/db/seed/factories";
import type { TestApi } from "../../../tests/api-harness";

// Shared set-up of the product API tests: two shops, their people, a taxonomy with attributes and variations, uploads.

/** real PNG magic bytes, padded so sniffing sees a realistic head */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...Array.from({ length: 200 }, (_, i) => i % 251)]);
/** an ISO media head (ftyp isom): sniffed as video/mp4 */
export const MP4 = new Uint8Array([0, 0, 0, 0x20, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0, ...Array.from({ length: 200 }, (_, i) => i % 13)]);
export const TEXT = new TextEncoder().encode("just some text, not an image at all ".repeat(10));

export const PASSWORD = "Prod#2026!pass";
export type Who = "admin" | "owner" | "owner2" | "adder" | "editor" | "discounter" | "nobody" | "staff2";

export async function productFixture(t: TestApi, tag: string) {
  const email = (who: string) => `${tag}-${who}@liveshop.test`;
  await createUser(t.db, { role: "admin", email: email("admin"), password: PASSWORD });
  const a = await createOwnerWithShop(t.db, { email: email("owner"), password: PASSWORD }, { name: `${tag} Shop A` });
  const b = await createOwnerWithShop(t.db, { email: email("owner2"), password: PASSWORD }, { name: `${tag} Shop B` });
  await createStaff(t.db, a.shop.id, ["product:add"], { email: email("adder"), password: PASSWORD });
  await createStaff(t.db, a.shop.id, ["product:edit"], { email: email("editor"), password: PASSWORD });
  await createStaff(t.db, a.shop.id, ["product:discount"], { email: email("discounter"), password: PASSWORD });
  await createStaff(t.db, a.shop.id, ["coupon:add"], { email: email("nobody"), password: PASSWORD });
  await createStaff(t.db, b.shop.id, ["product:add", "product:edit", "product:discount"], { email: email("staff2"), password: PASSWORD });
  const cookie = {} as Record<Who, string>;
  for (const who of ["admin", "owner", "owner2", "adder", "editor", "discounter", "nobody", "staff2"] as Who[]) cookie[who] = await t.signIn(email(who), PASSWORD);

  const material = await createAttribute(t.db, { name: `Material${tag}`.slice(0, 20), label: "Material", type: "text", list: [] });
  const weight = await createAttribute(t.db, { name: `Weight${tag}`.slice(0, 20), label: "Weight", type: "number", list: [] });
  const fit = await createAttribute(t.db, { name: `Fit${tag}`.slice(0, 20), label: "Fit", type: "dropdown", list: ["Slim", "Regular"] });
  const color = await createAttribute(t.db, { name: `Color${tag}`.slice(0, 20), label: "Color", type: "dropdown", isForVariation: true, list: ["Red", "Blue", "Green"] });
  const size = await createAttribute(t.db, { name: `Size${tag}`.slice(0, 20), label: "Size", type: "dropdown", isForVariation: true, list: ["S", "M", "L"] });
  const style = await createAttribute(t.db, { name: `Style${tag}`.slice(0, 20), label: "Style", type: "radio", isForVariation: true, list: ["Plain", "Striped"] });
  const department = await createCategory(t.db, { name: `${tag} Fashion` });
  const category = await createCategory(t.db, { name: `${tag} Tops`, parent: department });
  const leaf = await createCategory(t.db, { name: `${tag} Shirts`, parent: category });
  await setLeafAttributes(t.db, leaf.id, [material.id, weight.id, fit.id], [color.id, size.id, style.id]);
  // a plain leaf (no attributes) for simple products
  const plain = await createCategory(t.db, { name: `${tag} Plain`, parent: category });
  const otherDepartment = await createCategory(t.db, { name: `${tag} Garden` });
  const otherCategory = await createCategory(t.db, { name: `${tag} Tools`, parent: otherDepartment });
  const otherLeaf = await createCategory(t.db, { name: `${tag} Spades`, parent: otherCategory });
  await assignShopCategories(t.db, a.shop.id, [department.id]);
  await assignShopCategories(t.db, b.shop.id, [department.id, otherDepartment.id]);
  const brand = await createBrand(t.db, { name: `${tag} Brand`, image: "/api/files/seed/brand.png" });

  /** A file really uploaded (and checked) by the holder of `as`. */
  async function upload(as: string, bytes: Uint8Array<ArrayBuffer> = PNG, purpose = "productMedia", type = "image/png") {
    const res = await t.app.request("http://localhost/api/upload/file", {
      method: "POST",
      headers: { cookie: as, "content-type": type, "x-file-name": "file.bin", "x-purpose": purpose },
      body: bytes,
    });
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json.data.location as string;
  }

  const attr = { [material.name]: { value: "Cotton", id: material.id }, [weight.name]: { value: "250", id: weight.id }, [fit.name]: { value: "Slim", id: fit.id } };
  const taxonomy = { department: department.id, categories: category.id, subcategory: leaf.id };

  return { a, b, cookie, material, weight, fit, color, size, style, department, category, leaf, plain, otherDepartment, otherCategory, otherLeaf, brand, upload, attr, taxonomy };
}
export type ProductFixture = Awaited<ReturnType<typeof productFixture>>;
