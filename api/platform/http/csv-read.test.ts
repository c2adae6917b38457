import { describe, expect, it } from "vitest";
import { csvRecord } from "./csv-export";
import { cellText, readCsv } from "./csv-read";

describe("readCsv (a CSV file someone uploaded)", () => {
  it("reads quoted commas, doubled quotes and line breaks in cells, CRLF or LF lines, and drops the BOM", () => {
    const text = '\uFEFFName,Description\r\n"Shirt, blue","He said ""hi""\nthen left"\nMug,plain\r\n';
    expect(readCsv(text)).toEqual([
      ["Name", "Description"],
      ["Shirt, blue", 'He said "hi"\nthen left'],
      ["Mug", "plain"],
    ]);
  });

  it("skips blank lines, reads a last line without its line end, and answers null for a quote never closed", () => {
    expect(readCsv("a,b\r\n\r\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(readCsv('a,b\r\n"1,2')).toBeNull();
  });

  it("reads back what the export writes, taking off the ' it puts before a formula-like cell", () => {
    const written = csvRecord(["=SUM(A1)", "-5", "+61 400", "plain, text", 'a "quote"']);
    const [cells] = readCsv(written)!;
    expect(cells.map(cellText)).toEqual(["=SUM(A1)", "-5", "+61 400", "plain, text", 'a "quote"']);
    expect(cellText("  'kept as typed ")).toBe("'kept as typed");
  });
});
