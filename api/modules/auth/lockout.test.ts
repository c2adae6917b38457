import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#contract/core/messages";
import { rateLimits } from "#api/db/schema";
import { createUser } from "#api/db/seed/factories";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { GUARD } from "./guard";

// ADR 0025: guessing stays bounded, yet nobody can keep an account's owner from signing in from their own address.

let t: TestApi;
const HOME = "192.0.2.10";
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());
beforeEach(() => t.db.delete(rateLimits));

const login = (email: string, password: string, ip: string) =>
  t.post("auth/login", { body: { email, password }, headers: { "x-forwarded-for": ip } });
let n = 0;
async function account() {
  n += 1;
  const email = `lockout-${n}@liveshop.test`;
  await createUser(t.db, { role: "admin", email, password: "Right#2026!" });
  return email;
}

describe("password sign-in limits", () => {
  it("holds an address after 10 wrong passwords for an account, while the owner at home still signs in", async () => {
    const email = await account();
    expect((await login(email, "Right#2026!", HOME)).status).toBe(200);
    for (let i = 0; i < GUARD.password.pair; i++)
      expect((await login(email, `wrong-${i}`, "203.0.113.5")).status).toBe(400);
    const attacker = await login(email, "Right#2026!", "203.0.113.5");
    expect(attacker.status).toBe(429);
    expect(attacker.body.message).toBe(MSG.loginThrottled);
    expect((await login(email, "Right#2026!", HOME)).status).toBe(200);
  });

  it("bounds guessing spread over many addresses to 100 an hour, without ever holding the owner's own address", async () => {
    const email = await account();
    expect((await login(email, "Right#2026!", HOME)).status).toBe(200);
    for (let i = 0; i < GUARD.password.account; i++) {
      expect((await login(email, `wrong-${i}`, `198.51.${Math.floor(i / 200)}.${i % 200}`)).status).toBe(400);
    }
    // a fresh address is held, even with the right password: the account's allowance for strangers is spent
    expect((await login(email, "Right#2026!", "198.51.99.1")).status).toBe(429);
    // the owner's address is not
    const owner = await login(email, "Right#2026!", HOME);
    expect(owner.status).toBe(200);
  });

  it("does not count a right password against the address: an office signs in all day", async () => {
    const emails = await Promise.all(Array.from({ length: 3 }, () => account()));
    for (let i = 0; i < GUARD.password.address + 5; i++)
      expect((await login(emails[i % 3], "Right#2026!", "192.0.2.77")).status).toBe(200);
  });

  it("evaluates at most the limit when 60 wrong passwords arrive at once", async () => {
    const email = await account();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(email, `wrong-${i}`, "203.0.113.60")));
    const evaluated = answers.filter((r) => r.status === 400).length;
    const refused = answers.filter((r) => r.status === 429).length;
    expect(evaluated).toBe(GUARD.password.pair);
    expect(refused).toBe(60 - GUARD.password.pair);
  });
});
