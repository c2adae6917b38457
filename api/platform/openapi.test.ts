import { describe, expect, it } from "vitest";
import { CALLS } from "#contract/calls";
import { createApi } from "../index";
import { loadEnv } from "./env";
import type { Deps } from "./deps";
import { callKey } from "./router";

// the registry is built without a database: no route handler runs here
const app = createApi({ env: loadEnv({ NODE_ENV: "test", SESSION_SECRET: "test-secret-test-secret-test-secret-42" }) } as Deps);

describe("the call table (contract/calls.ts)", () => {
  it("has one entry for every registered route, and none for a route that does not exist", () => {
    const registered = [...app.registry.values()].map(callKey).sort();
    expect(registered.filter((key) => !(key in CALLS))).toEqual([]);
    expect(Object.keys(CALLS).filter((key) => !registered.includes(key))).toEqual([]);
  });
});
