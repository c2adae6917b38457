// Client-safe constants, shapes and helpers of the shop profile (spec 1 §3 Shop, Shop timings; §5 Shop profile edits).
// The zod schemas are in shop-profile-api.ts (pages ship no zod: ADR 0010).

import type { UploadPurpose } from "../uploads/uploads";

/** spec 1 §3 Shop timings: keyed by lowercase weekday, sunday to saturday. */
export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening slot in 12-hour text such as "9:00 AM" (spec 1 §3, §9). */
export interface TimingSlot {
  status: true;
  start: string;
  end: string;
}
/** spec 1 §3: lowercase weekday → slots; a day may have several; days without slots are left out. */
export type ShopTimings = Partial<Record<Weekday, TimingSlot[]>>;

/** One row of the timings editor: a day and a slot. Blank values are empty strings. */
export interface TimingRow {
  day: string;
  start: string;
  end: string;
}

export const SHOP_NAME_MAX = 25;
export const SHOP_EMAIL_MAX = 100;
export const SHOP_WEBSITE_MAX = 100;
/** ours: the spec gives no limit for the story; this bounds the stored HTML. */
export const SHOP_STORY_MAX = 20000;
/** spec 1 §9: the avatar and the cover are images under 10 MB. */
export const SHOP_IMAGE_PURPOSE = "shopImage" satisfies UploadPurpose;
/** ARCHITECTURE §4 wire formats: a removed image is the string 'null'; an empty website a single space. */
export const NO_IMAGE = "null";
export const NO_WEBSITE = " ";

/** spec 1 §9 Embed modes: the Script card's General and Carousel tabs. */
export const EMBED_MODES = { general: "minimize_circle", carousel: "carousel_slider" } as const;

export const dayLabel = (day: string) => (day ? day[0]!.toUpperCase() + day.slice(1) : day);

const TIME_RE = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?\s*$/;

/** Minutes after midnight of "9:00 AM", "09:00 pm" or "17:30"; null when it is no time of day. */
export function minutesOf(time: string): number | null {
  const m = TIME_RE.exec(time);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59) return null;
  if (m[3]) {
    if (h < 1 || h > 12) return null;
    return ((h % 12) + (m[3].toUpperCase() === "PM" ? 12 : 0)) * 60 + min;
  }
  if (h > 23) return null;
  return h * 60 + min;
}

/** Minutes after midnight as 12-hour text: 570 → "9:30 AM". */
export function twelveHourText(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** Opening hours in 12-hour text (spec 1 §9): "9:00 AM" stays, "17:30" becomes "5:30 PM", anything else is shown as is. */
export function twelveHour(time: string) {
  const minutes = minutesOf(time);
  return minutes === null ? time : twelveHourText(minutes);
}

/** The times the editor offers: every 15 minutes, and 11:59 PM to close at midnight. */
export const TIME_OPTIONS: string[] = [
  ...Array.from({ length: 96 }, (_, i) => twelveHourText(i * 15)),
  twelveHourText(23 * 60 + 59),
];

/** The stored map as editor rows, weekday order, each day's slots by start. */
export function timingsToRows(
  timings: ShopTimings | Record<string, { status?: boolean; start: string; end: string }[]> | null | undefined,
): TimingRow[] {
  const rows: TimingRow[] = [];
  for (const day of WEEKDAYS) {
    const slots = (
      (timings as Record<string, { status?: boolean; start: string; end: string }[]> | null | undefined)?.[day] ?? []
    ).filter((s) => s.status !== false);
    const sorted = [...slots].sort((a, b) => (minutesOf(a.start) ?? 0) - (minutesOf(b.start) ?? 0));
    for (const s of sorted) rows.push({ day, start: twelveHour(s.start), end: twelveHour(s.end) });
  }
  return rows;
}

export const BLANK_TIMING_ROW: TimingRow = { day: "", start: "", end: "" };
export const isBlankRow = (r: TimingRow) => !r.day.trim() && !r.start.trim() && !r.end.trim();

/**
 * The editor's rows from a submitted form: fields `${name}[i].day|start|end` (conform's naming, so a conform schema
 * reads the same form). Used by actions to re-render the rows a no-JS "Add row" or "Remove" post carries.
 */
export function readTimingRows(form: FormData, name: string): TimingRow[] {
  const rows: TimingRow[] = [];
  const re = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\[(\\d+)\\]\\.(day|start|end)$`);
  for (const [key, value] of form.entries()) {
    const m = re.exec(key);
    if (!m || typeof value !== "string") continue;
    const i = Number(m[1]);
    if (i > 200) continue;
    while (rows.length <= i) rows.push({ ...BLANK_TIMING_ROW });
    rows[i]![m[2] as keyof TimingRow] = value;
  }
  return rows;
}

/** The intents the editor's no-JS buttons post: `${name}-add-row` and `${name}-remove-row:{index}`. */
export const timingIntents = (name: string) => ({
  add: `${name}-add-row`,
  removePrefix: `${name}-remove-row:`,
  confirmPrefix: `${name}-remove-confirmed:`,
  keep: `${name}-keep`,
});

/**
 * Applies a no-JS editor intent to the posted rows; null when the intent is not the editor's. "Remove" first asks
 * (the rows come back unchanged with `confirming` set: the editor shows the confirmation), and only the confirmation
 * removes the row, only while more than one exists (spec 1 §5). "Cancel" (`keep`) brings the rows back as they were.
 */
export function applyTimingIntent(
  intent: string | null | undefined,
  rows: TimingRow[],
  name: string,
): { rows: TimingRow[]; confirming: number | null } | null {
  const { add, removePrefix, confirmPrefix, keep } = timingIntents(name);
  const rowIndex = (prefix: string) => {
    const index = Number(intent!.slice(prefix.length));
    return rows.length > 1 && Number.isInteger(index) && index >= 0 && index < rows.length ? index : null;
  };
  if (intent === add) return { rows: [...rows, { ...BLANK_TIMING_ROW }], confirming: null };
  if (intent === keep) return { rows, confirming: null };
  if (intent?.startsWith(removePrefix)) return { rows, confirming: rowIndex(removePrefix) };
  if (intent?.startsWith(confirmPrefix)) {
    const index = rowIndex(confirmPrefix);
    return { rows: index === null ? rows : rows.filter((_, i) => i !== index), confirming: null };
  }
  return null;
}

/** Per-row errors for the editor from conform's `form.allErrors` (keys like `timings[0].day`) or an API refusal. */
export interface TimingErrors {
  form?: string[];
  rows?: Partial<Record<number, Partial<Record<keyof TimingRow, string[]>>>>;
}
export function timingErrorsFrom(
  allErrors: Record<string, string[] | null | undefined> | null | undefined,
  name: string,
): TimingErrors {
  const out: TimingErrors = {};
  if (!allErrors) return out;
  const prefix = `${name}[`;
  for (const [key, errs] of Object.entries(allErrors)) {
    if (!errs?.length) continue;
    if (key === name) {
      out.form = [...(out.form ?? []), ...errs];
      continue;
    }
    if (!key.startsWith(prefix)) continue;
    const m = /^\[(\d+)\](?:\.(day|start|end))?$/.exec(key.slice(name.length));
    if (!m) continue;
    const i = Number(m[1]);
    const field = (m[2] ?? "day") as keyof TimingRow;
    out.rows ??= {};
    out.rows[i] = { ...out.rows[i], [field]: [...(out.rows[i]?.[field] ?? []), ...errs] };
  }
  return out;
}

/** The Script card's snippet (spec 1 §2, §9): it sets window.shopId and window.mode and loads our embed script. */
export function embedSnippet(shopId: string, mode: string, scriptUrl: string) {
  return [
    "<script>",
    `  window.shopId = ${JSON.stringify(shopId)};`,
    `  window.mode = ${JSON.stringify(mode)};`,
    "</script>",
    `<script src=${JSON.stringify(scriptUrl)} async></script>`,
  ].join("\n");
}

/** POST shop/edit as the API answers it: the shop again, as GET shop/getdetails/{id} shows it. */
export const SHOP_EDIT_FIELDS = [
  "name",
  "email",
  "website",
  "location",
  "story",
  "categories",
  "timings",
  "image",
  "coverImage",
] as const;
export type ShopEditField = (typeof SHOP_EDIT_FIELDS)[number];
