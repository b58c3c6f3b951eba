/** A CSV column: `text` cells are free text (names, codes), `number` cells are figures the server computed. */
export type CsvColumn<Row> = { header: string; kind: "text" | "number"; value: (row: Row) => string | number | null };

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null, kind: "text" | "number"): string {
  let text = value === null ? "" : String(value);
  // Figures (negative GGR is "-12.5") are left alone; only text can carry a formula.
  if (kind === "text" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: a header row, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled. */
export function formatCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => cell(c.header, "text")).join(",")];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row), c.kind)).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
