import { formatDay, MARKET_TIME_ZONE } from "#contract/core/days";
import type { CallData, JsonCallKey } from "#contract/core/calls";
import type { Policy } from "../auth/actor";
import type { Reply } from "./http";
import { route, type RouteDef } from "./router";

// The CSV export kit (ADR 0068): any list route becomes `GET <its path>/export`, a CSV of the same rows in the same order,
// read through the list's own handler batch by batch (so the same filters, sort, rights and shop scope apply) and
// streamed as the client reads, so memory stays bounded and there is no row cap.

/** What a cell may be given; null and undefined are empty. */
export type CsvValue = string | number | boolean | null | undefined;

/** One column of an export: its header (the list's words) and the cell of a row. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CsvValue;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. Text a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is prefixed with ' (OWASP's advice on CSV injection), numbers
 * included: a negative amount reads '-5.00, as a spreadsheet shows text.
 */
export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record: its cells joined by commas, ended by CRLF (RFC 4180). */
export const csvRecord = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A day as the console shows it (DD/MM/YYYY, Australia/Sydney), empty when there is none. */
export const csvDay = (value: Date | string | number | null | undefined) => (value ? formatDay(value) : "");

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: MARKET_TIME_ZONE,
  hourCycle: "h23",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The time of day (HH:MM:SS, 24-hour, Australia/Sydney) of an instant, for lists where the minute matters. */
export const csvTime = (value: Date | string | number | null | undefined) =>
  value ? clock.format(new Date(value)) : "";

/** An amount in dollars with its cents, as a spreadsheet reads a number. */
export const csvMoney = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === "" ? "" : Number(value).toFixed(2);

/** A phone number with its country code, as the lists show it. */
export const csvPhone = (person: { countryCode: string | null; mobile: string | null } | null | undefined) =>
  person?.mobile ? `${person.countryCode ?? ""} ${person.mobile}`.trim() : "";

/** Rows fetched per query: a batch is all the export holds in memory at a time. */
export const EXPORT_BATCH = 500;

const stamp = () => new Date().toISOString().slice(0, 10);

/**
 * A CSV download: a UTF-8 BOM (so spreadsheet programs read the text as UTF-8) and the header record, then one chunk
 * per batch, pulled as the client reads (a slow reader holds the walk: backpressure).
 */
export function csvResponse<Row>(name: string, columns: readonly CsvColumn<Row>[], batches: AsyncIterator<Row[]>) {
  const encoder = new TextEncoder();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRecord(columns.map((c) => c.header))}`));
        return;
      }
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => csvRecord(columns.map((c) => c.cell(row)))).join("")));
    },
    async cancel() {
      await batches.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${stamp()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A list call's rows, as its handler answers them (dates may still be Date objects: columns format them). */
export type ExportRow<K extends JsonCallKey> = CallData<K> extends readonly (infer R)[] ? R : never;

/**
 * `GET <list path>/export`: the list's rows as CSV, with the list's policy and query. The list's handler is called
 * with the query's skip and limit replaced, one batch at a time (its sort has the id as tie-breaker, so batches never
 * overlap); `body` gives a list read with POST its body. The first batch is read before the answer starts, so a refusal
 * (400, 404) is an ordinary JSON refusal, not a broken download.
 */
export function csvExport<Row>(
  list: RouteDef<any, any, false>,
  spec: {
    summary: string;
    /** the file's name before its date and `.csv`; may depend on the query (one list call, several lists) */
    filename: string | ((query: any) => string);
    columns: readonly CsvColumn<Row>[] | ((query: any) => readonly CsvColumn<Row>[]);
    /** the body of a list read with POST */
    body?: unknown;
    batch?: number;
  },
): RouteDef<undefined, any, false> {
  const batch = spec.batch ?? EXPORT_BATCH;
  return route({
    method: "get",
    path: `${list.path}/export`,
    summary: `${spec.summary} as CSV (every row, streamed; page, skip and limit are ignored)`,
    policy: list.policy as Exclude<Policy, { public: true }>,
    query: list.query,
    handler: async (input) => {
      const read = async (skip: number) => {
        const reply = (await list.handler({
          ...input,
          body: spec.body,
          query: { ...(input.query as object), skip, limit: batch },
        })) as Reply<Row[]>;
        return { rows: reply.data ?? [], more: !!reply.isNext };
      };
      const first = await read(0);
      async function* batches() {
        let page = first;
        for (let skip = batch; ; skip += batch) {
          if (page.rows.length) yield page.rows;
          if (!page.more) return;
          page = await read(skip);
        }
      }
      const { filename, columns } = spec;
      return csvResponse(
        typeof filename === "function" ? filename(input.query) : filename,
        typeof columns === "function" ? columns(input.query) : columns,
        batches(),
      );
    },
  });
}
