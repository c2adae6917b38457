import { Faker, en } from "@faker-js/faker";
import { count } from "drizzle-orm";
import type { Database } from "../client";
import { users } from "../schema";
import { createOwnerWithShop, createStaff, createUser } from "./factories";

/** The sign-ins printed at start and written in the README. */
export const DEMO_SIGN_INS = [
  { role: "admin", email: "admin@liveshop.test", password: "Admin#2026" },
  { role: "shop owner", email: "owner@liveshop.test", password: "Owner#2026" },
  { role: "shop owner", email: "owner2@liveshop.test", password: "Owner#2026" },
  { role: "staff", email: "staff@liveshop.test", password: "Staff#2026" },
] as const;

export async function isEmpty(db: Database) {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

/** Demo data: the same every time (seeded faker). Later areas add theirs below. */
export async function seedDemo(db: Database) {
  const faker = new Faker({ locale: [en] });
  faker.seed(2026);
  const phone = () => `4${faker.string.numeric(8)}`;

  await createUser(db, {
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
  const weekdays = { monday: [slot("9:00 AM", "5:00 PM")], tuesday: [slot("9:00 AM", "5:00 PM")], wednesday: [slot("9:00 AM", "5:00 PM")], thursday: [slot("9:00 AM", "12:30 PM"), slot("1:30 PM", "8:00 PM")], friday: [slot("9:00 AM", "5:00 PM")] };
  const first = await createOwnerWithShop(
    db,
    { fName: "Liam", lName: "Nguyen", email: "owner@liveshop.test", password: "Owner#2026", gender: "Male", mobile: "400000002" },
    { name: "Harbour Threads", email: "hello@harbourthreads.test", address: "12 George St, Sydney NSW 2000, Australia", status: "Approved", story: "Sustainable streetwear, streamed live from Sydney.", website: "https://harbourthreads.test", timings: { ...weekdays, saturday: [slot("10:00 AM", "4:00 PM")] }, latitude: -33.8688, longitude: 151.2093 },
  );
  await createOwnerWithShop(
    db,
    { fName: "Chloe", lName: "Williams", email: "owner2@liveshop.test", password: "Owner#2026", gender: "Female", mobile: "400000003" },
    { name: "Glow Botanics", email: "care@glowbotanics.test", address: "88 Collins St, Melbourne VIC 3000, Australia", status: "Approved", story: "Small-batch skincare from native botanicals.", timings: weekdays, latitude: -37.8136, longitude: 144.9631 },
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

  for (let i = 0; i < 14; i++) await createUser(db, { ...withEmail(person(i % 2 ? "female" : "male")), role: "endUser" });
  for (let i = 0; i < 6; i++) {
    await createUser(db, { ...withEmail(person(i % 2 ? "male" : "female")), role: "influencer", status: (["Pending", "Approved", "Rejected"] as const)[i % 3] });
  }
  for (let i = 0; i < 3; i++) {
    const owner = withEmail(person(i % 2 ? "female" : "male"));
    const { shop } = await createOwnerWithShop(db, owner, {
      name: `${faker.commerce.productAdjective()} ${faker.commerce.department()}`.slice(0, 25),
      email: `shop${i}@example.test`,
      status: (["Pending", "Approved", "Rejected"] as const)[i],
      createdAt: owner.createdAt,
    });
    await createStaff(db, shop.id, ["product:add"], { ...withEmail(person(i % 2 ? "male" : "female")), designation: "Assistant" });
  }
}
