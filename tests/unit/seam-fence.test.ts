import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The seam's lint fence (eslint.config.js): app/ reaches the API through /api only; `npm test` runs the same rule.
const eslint = new ESLint();
async function refusals(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the lint fence between app/ and api/", () => {
  it("refuses API modules, database and platform imports in pages and their server code", async () => {
    for (const from of [
      "#api/modules/auth/service",
      "#api/db/schema",
      "#api/platform/security",
      "#api/runtime",
      "../../api/platform/env",
    ]) {
      expect(
        await refusals("app/routes/app+/example.tsx", `import { x } from "${from}";\nexport default x;\n`),
      ).toHaveLength(1);
      expect(
        await refusals("app/services/example.server.ts", `import type { X } from "${from}";\nexport type Y = X;\n`),
      ).toHaveLength(1);
    }
  });

  it("lets only the in-process transport import the API's runtime", async () => {
    const code = `import { runtime } from "#api/runtime";\nexport { runtime };\n`;
    expect(await refusals("app/services/transport.server.ts", code)).toEqual([]);
    expect(await refusals("app/routes/api.$.ts", code)).toEqual([]);
    expect(
      await refusals("app/services/transport.server.ts", `import { x } from "#api/platform/env";\nexport { x };\n`),
    ).toHaveLength(1);
  });

  it("lets both tiers share server-only helpers through server-shared/, which depends on neither", async () => {
    expect(
      await refusals(
        "app/routes/logout.tsx",
        `import { isCrossSiteWrite } from "#server-shared/security";\nexport { isCrossSiteWrite };\n`,
      ),
    ).toEqual([]);
    expect(
      await refusals("server-shared/example.ts", `import { x } from "#api/platform/env";\nexport { x };\n`),
    ).toHaveLength(1);
    expect(
      await refusals("contract/example.ts", `import { x } from "#server-shared/settings";\nexport { x };\n`),
    ).toHaveLength(1);
  });
});
