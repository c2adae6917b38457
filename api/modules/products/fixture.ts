import type { TestApi } from "../../../tests/api-harness";
import { PNG, testKit } from "../../../tests/factories";

// Shared set-up of the product API tests, from the test kit: two shops and their people, the kit's catalogue, uploads.

export { MP4 } from "../../../tests/factories";
export const TEXT = new TextEncoder().encode("just some text, not an image at all ".repeat(10));

export type Who = "admin" | "owner" | "owner2" | "adder" | "editor" | "discounter" | "nobody" | "staff2";

export async function productFixture(t: TestApi) {
  const kit = testKit(t);
  const catalogue = await kit.catalogue();
  const a = await kit.shop({ name: "Shop A", departments: [catalogue.department.id] });
  const b = await kit.shop({ name: "Shop B", departments: [catalogue.department.id, catalogue.otherDepartment.id] });
  const cookie: Record<Who, string> = {
    admin: (await kit.admin()).cookie,
    owner: a.owner.cookie,
    owner2: b.owner.cookie,
    adder: (await kit.staff(a, ["product:add"])).cookie,
    editor: (await kit.staff(a, ["product:edit"])).cookie,
    discounter: (await kit.staff(a, ["product:discount"])).cookie,
    nobody: (await kit.staff(a, ["coupon:add"])).cookie,
    staff2: (await kit.staff(b, ["product:add", "product:edit", "product:discount"])).cookie,
  };
  /** A file really uploaded (and checked) by the holder of `as`. */
  const upload = (
    as: string,
    bytes: Uint8Array<ArrayBuffer> = PNG,
    purpose: "productMedia" | "catalogueImage" = "productMedia",
    type = "image/png",
  ) => kit.upload(as, purpose, { bytes, type });
  return { kit, a, b, cookie, upload, ...catalogue };
}
export type ProductFixture = Awaited<ReturnType<typeof productFixture>>;
