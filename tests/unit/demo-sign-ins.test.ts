import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_SIGN_INS } from "#api/db/seed";

// README "Demo sign-ins": `npm start` prints every account that table lists (server.mjs prints DEMO_SIGN_INS)
describe("the demo sign-ins printed at start", () => {
  it("are exactly the ones the README lists", () => {
    const readme = readFileSync("README.md", "utf8");
    const section = readme.slice(
      readme.indexOf("## Demo sign-ins"),
      readme.indexOf("\n## ", readme.indexOf("## Demo sign-ins") + 1),
    );
    const listed = [...section.matchAll(/^\|[^|]+\|\s*(\S+@\S+)\s*\|\s*(\S+)\s*\|$/gm)].map(([, email, password]) => ({
      email,
      password,
    }));
    expect(listed.length).toBeGreaterThan(0);
    expect(DEMO_SIGN_INS.map(({ email, password }) => ({ email, password }))).toEqual(listed);
  });
});
