import { describe, expect, it } from "vitest";
import { CALLS } from "#contract/core/calls";
import { contractChecker } from "../../../tests/contract";
import { apiDocument, createApi } from "../../index";
import { loadEnv } from "../env";
import { newId } from "../data/ids";
import type { Deps } from "../deps";
import { callKey } from "./router";

// the registry is built without a database: no route handler runs here
const app = createApi({
  env: loadEnv({ NODE_ENV: "test", SESSION_SECRET: "test-secret-test-secret-test-secret-42" }),
} as Deps);

describe("the call table (contract/core/calls.ts)", () => {
  it("has one entry for every registered route, and none for a route that does not exist", () => {
    const registered = [...app.registry.values()].map(callKey).sort();
    expect(registered.filter((key) => !(key in CALLS))).toEqual([]);
    expect(Object.keys(CALLS).filter((key) => !registered.includes(key))).toEqual([]);
  });
});

describe("the contract check (tests/contract.ts)", () => {
  const check = contractChecker(app, undefined).check;
  const json = new Headers({ "content-type": "application/json" });
  const id = newId();
  const brand = {
    _id: id,
    name: "Acme",
    image: "/api/files/a.png",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };

  it("accepts an answer that matches the operation's declared body", () => {
    expect(() =>
      check("GET", `brand/${id}`, 200, json, JSON.stringify({ success: true, message: "Success", data: brand })),
    ).not.toThrow();
  });

  it("refuses a missing field, an extra field, a list without count, and an undeclared success status", () => {
    const { name: _, ...nameless } = brand;
    expect(() =>
      check("GET", `brand/${id}`, 200, json, JSON.stringify({ success: true, message: "Success", data: nameless })),
    ).toThrow(/getBrandById/);
    expect(() =>
      check(
        "GET",
        `brand/${id}`,
        200,
        json,
        JSON.stringify({ success: true, message: "Success", data: { ...brand, secret: 1 } }),
      ),
    ).toThrow(/getBrandById/);
    expect(() =>
      check(
        "GET",
        "brand",
        200,
        json,
        JSON.stringify({ success: true, message: "Success", data: [brand], isNext: false }),
      ),
    ).toThrow(/count/);
    expect(() =>
      check("GET", `brand/${id}`, 201, json, JSON.stringify({ success: true, message: "Success", data: brand })),
    ).toThrow(/does not declare/);
  });

  it("refuses a refusal that is not the envelope", () => {
    expect(() => check("GET", `brand/${id}`, 404, json, JSON.stringify({ error: "nope" }))).toThrow(/refusal envelope/);
  });
});

describe("the OpenAPI document", () => {
  const doc = apiDocument(app.registry, { BRAND_NAME: "test" });
  const operations = Object.values(doc.paths).flatMap(
    (ops) => Object.values(ops) as { operationId: string; responses: Record<string, { content?: object }> }[],
  );

  it("declares an operationId and a success body for every operation", () => {
    expect(operations).toHaveLength(app.registry.size);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    expect(
      operations.filter(
        (op) => !Object.entries(op.responses).some(([status, r]) => status.startsWith("2") && r.content),
      ),
    ).toEqual([]);
  });

  it("documents GET /api/files/{key} with its bytes, the Range header, and its 206 and 416 answers", () => {
    const op = doc.paths["/api/files/{key}"].get as {
      parameters: { name: string; in: string }[];
      responses: Record<string, object>;
    };
    expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Range", in: "header" })]));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "206", "416"]));
  });

  it("documents GET /api/attr/multiple's id as optional, repeated or comma-separated", () => {
    const op = doc.paths["/api/attr/multiple"].get as {
      parameters: { name: string; required: boolean; description: string }[];
    };
    const id = op.parameters.find((p) => p.name === "id")!;
    expect(id.required).toBe(false);
    expect(id.description).toMatch(/comma-separated/);
  });
});
