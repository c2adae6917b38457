import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { apiDocument, type Api } from "../api/index";
import { openApiPath } from "../api/platform/http/openapi";
import { PATH_PARAM, type RouteDef } from "../api/platform/http/router";

// The contract test (ARCHITECTURE §9): every JSON answer an API test receives is checked against the OpenAPI document
// with ajv, a third-party validator; each operation validated is recorded so the run's teardown can name the
// operations no test ever exercised (tests/global-setup.ts).

type Doc = ReturnType<typeof apiDocument>;
interface Operation {
  operationId: string;
  responses: Record<
    string,
    { content?: Record<string, { schema: Record<string, unknown>; "x-event-data"?: Record<string, unknown> }> }
  >;
}

/** A route path as a regular expression: `:id{pattern}`, `:id`, and a trailing `*` (keys with slashes). */
function routePattern(def: Pick<RouteDef, "path">) {
  let source = "";
  const re = new RegExp(`${PATH_PARAM.source}|\\/\\*$|[^:]`, "g");
  for (const m of def.path.matchAll(re)) {
    if (m[0] === "/*") source += "/.+";
    else if (m[1]) source += m[2] ? `(?:${m[2]})` : "[^/]+";
    else source += m[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

export function contractChecker(app: Api, recordsDir: string | undefined) {
  const doc: Doc = apiDocument(app.registry, { BRAND_NAME: "test" });
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const refusal = ajv.compile(doc.components.schemas.Refusal);
  // in registration order, which is also Hono's order when two paths could match
  const routes = [...app.registry.values()].map((def) => ({ def, pattern: routePattern(def) }));
  const validators = new Map<string, ValidateFunction>();
  const seen = new Set<string>();
  const record = (line: string) => {
    if (recordsDir) appendFileSync(path.join(recordsDir, `records-${process.pid}.txt`), `${line}\n`);
  };

  function operationOf(method: string, apiPath: string) {
    const p = `/${apiPath.replace(/^\/+/, "").replace(/\?.*$/, "")}`.replace(/(.)\/$/, "$1");
    const wanted = method === "HEAD" ? "get" : method.toLowerCase();
    const route = routes.find((r) => r.def.method === wanted && r.pattern.test(decodeURI(p)));
    if (!route) return null;
    const op = (doc.paths[openApiPath(route.def.path)] as Record<string, Operation>)[route.def.method];
    return op;
  }

  return {
    /** Throws (failing the test that made the call) when a JSON answer does not match the document. */
    check(method: string, apiPath: string, status: number, headers: Headers, text: string) {
      const op = operationOf(method, apiPath);
      if (!op) return;
      const type = headers.get("content-type") ?? "";
      const isJson = type.includes("application/json");
      if (status >= 200 && status < 300) {
        const declared = op.responses[String(status)];
        if (!declared)
          throw new Error(
            `contract: ${op.operationId} answered ${status}, which the OpenAPI document does not declare`,
          );
        const stream = declared.content?.["text/event-stream"];
        if (stream && !type.startsWith("text/event-stream"))
          throw new Error(`contract: ${op.operationId} answered ${status} with ${type}, not an event stream`);
        const schema = declared.content?.["application/json"]?.schema;
        if (schema) {
          if (!isJson) throw new Error(`contract: ${op.operationId} answered ${status} with ${type}, not JSON`);
          const key = `${op.operationId} ${status}`;
          let validate = validators.get(key);
          if (!validate) validators.set(key, (validate = ajv.compile(schema)));
          if (!validate(JSON.parse(text))) {
            throw new Error(
              `contract: ${op.operationId} ${status} does not match the OpenAPI document: ${ajv.errorsText(validate.errors, { separator: "; " })}`,
            );
          }
        }
        if (!seen.has(op.operationId)) {
          seen.add(op.operationId);
          record(`op ${op.operationId}`);
        }
      } else if (isJson && !refusal(JSON.parse(text))) {
        throw new Error(
          `contract: ${op.operationId} refused with ${status} in a body that is not the refusal envelope: ${ajv.errorsText(refusal.errors)}`,
        );
      }
    },
    /** Throws when one event's data (of a server-sent events call) does not match the document's `x-event-data`. */
    checkEvent(method: string, apiPath: string, data: string) {
      const op = operationOf(method, apiPath);
      const schema = op?.responses["200"]?.content?.["text/event-stream"]?.["x-event-data"];
      if (!op || !schema)
        throw new Error(`contract: ${method} ${apiPath} is not an event stream in the OpenAPI document`);
      const key = `${op.operationId} event`;
      let validate = validators.get(key);
      if (!validate) validators.set(key, (validate = ajv.compile(schema)));
      if (!validate(JSON.parse(data))) {
        throw new Error(
          `contract: an event of ${op.operationId} does not match the OpenAPI document: ${ajv.errorsText(validate.errors, { separator: "; " })}`,
        );
      }
    },
    /** Marks a test file as one that calls the API, so the teardown knows whether the whole suite ran. */
    file(testPath: string | undefined) {
      if (testPath) record(`file ${testPath}`);
    },
  };
}

/** The run's records: operations validated and the files that used the harness. */
export function readRecords(recordsDir: string) {
  const ops = new Set<string>();
  const files = new Set<string>();
  for (const name of readdirSync(recordsDir)) {
    for (const line of readFileSync(path.join(recordsDir, name), "utf8").split("\n")) {
      if (line.startsWith("op ")) ops.add(line.slice(3));
      if (line.startsWith("file ")) files.add(line.slice(5));
    }
  }
  return { ops, files };
}
