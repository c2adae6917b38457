import type { Permission, Role } from "#contract/access/roles";
import { hashPassword } from "#api/platform/auth/passwords";
import { newId } from "#api/platform/data/ids";
import type { Database } from "../client";
import { shopStaff, shops, staffPermissions, users } from "../schema";

type NewUser = typeof users.$inferInsert;
type NewShop = typeof shops.$inferInsert;

let counter = 0;
const next = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
// mobiles follow on from a random start, so the users one process makes never share a number (users_phone_unique):
// drawn at random each time, two of a hundred buyers collided now and then
const firstMobile = Math.floor(Math.random() * 1e7);
let mobiles = 0;

/** Factories for demo data and tests: each writes real rows and returns them. */
export async function createUser(db: Database, input: Partial<NewUser> & { role: Role; password?: string }) {
  const { password, ...fields } = input;
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      fName: "Test",
      lName: `User ${n}`,
      email: `user-${n}@liveshop.test`,
      countryCode: "+61",
      // 41 + 7 digits: always a valid Australian mobile (libphonenumber refuses some 4x ranges), so edit forms accept it
      mobile: `41${String((firstMobile + mobiles++) % 1e7).padStart(7, "0")}`,
      countryFlag: "AU",
      gender: "Male",
      phoneVerifiedAt: new Date(),
      ...fields,
      // a hash made once can be given for many users (the test kit does): hashing is the slow part
      passwordHash: password ? await hashPassword(password) : (fields.passwordHash ?? null),
    })
    .returning();
  return user;
}

export async function createShop(db: Database, input: Partial<NewShop> & { ownerId: string }) {
  const [shop] = await db
    .insert(shops)
    .values({ id: newId(), name: `Shop ${next()}`, status: "Approved", ...input })
    .returning();
  return shop;
}

/** An owner with their shop. */
export async function createOwnerWithShop(
  db: Database,
  owner: Partial<NewUser> & { password?: string } = {},
  shop: Partial<NewShop> = {},
) {
  const user = await createUser(db, { ...owner, role: "shopOwner" });
  return { owner: user, shop: await createShop(db, { ...shop, ownerId: user.id }) };
}

export async function createStaff(
  db: Database,
  shopId: string,
  permissions: Permission[],
  input: Partial<NewUser> & { password?: string; designation?: string } = {},
) {
  const { designation = "Sales assistant", ...fields } = input;
  const user = await createUser(db, { ...fields, role: "staff" });
  await db.insert(shopStaff).values({ userId: user.id, shopId, designation });
  if (permissions.length)
    await db.insert(staffPermissions).values(permissions.map((permission) => ({ userId: user.id, permission })));
  return user;
}
