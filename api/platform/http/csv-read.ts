// Reading a CSV file someone uploaded (RFC 4180, as spreadsheets save it): quoted cells may hold commas, quotes ("")
// and line breaks; lines end with CRLF or LF; a BOM is dropped. The export's writer (csv-export.ts) is its mirror.

/** The records of a CSV text, each a list of cells; null when a quoted cell is never closed. Blank lines are skipped. */
export function readCsv(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  const end = () => {
    record.push(cell);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    cell = "";
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(cell);
      cell = "";
    } else if (ch === "\n") end();
    else if (ch === "\r") {
      if (body[i + 1] === "\n") i++;
      end();
    } else cell += ch;
  }
  if (quoted) return null;
  if (cell !== "" || record.length > 0) end();
  return records;
}

/**
 * A cell as it was meant: the `'` the export puts before text a spreadsheet would run as a formula (=, +, -, @, tab,
 * CR) is taken off again; spaces around are trimmed.
 */
export const cellText = (cell: string | undefined) => {
  const text = (cell ?? "").trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
};
