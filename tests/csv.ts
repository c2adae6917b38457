import { readCsv } from "../api/platform/http/csv-read";

// A CSV reader for the tests of the lists' exports (ADR 0068), Vitest's and the browser's: the import's own reader
// (ADR 0073), held to what the export writes.

/** RFC 4180 records of a CSV text (the BOM dropped); every record must end with CRLF, as the export writes them. */
export function parseCsv(text: string): string[][] {
  if (!text.endsWith("\r\n")) throw new Error("the CSV does not end with CRLF");
  const records = readCsv(text);
  if (!records) throw new Error("the CSV has a quoted cell that is never closed");
  return records;
}
