import { z } from "../core/zod";
import { MSG } from "../core/messages";
import {
  NO_IMAGE,
  SHOP_EMAIL_MAX,
  SHOP_NAME_MAX,
  SHOP_STORY_MAX,
  SHOP_WEBSITE_MAX,
  WEEKDAYS,
  minutesOf,
  twelveHourText,
  type ShopTimings,
  type TimingSlot,
  type Weekday,
} from "./shop-profile";

// The schemas of the shop profile (spec 1 §3 Shop timings, §5 Shop profile edits and Add shop timings).
// Server only (actions and /api); the constants, shapes and helpers pages need are in shop-profile.ts.

type Ctx = z.RefinementCtx;
type Slot = { start: number; end: number; path: (string | number)[] };

/** One slot's start and end: present (the spec's words), a time of day, and the end after the start (ours). */
function checkSlot(ctx: Ctx, start: unknown, end: unknown, path: (string | number)[]): Slot | null {
  const s = typeof start === "string" && start.trim() ? minutesOf(start) : null;
  const e = typeof end === "string" && end.trim() ? minutesOf(end) : null;
  if (s === null) ctx.addIssue({ code: "custom", message: MSG.startRequired, path: [...path, "start"] });
  if (e === null) ctx.addIssue({ code: "custom", message: MSG.endRequired, path: [...path, "end"] });
  if (s === null || e === null) return null;
  if (e <= s) {
    ctx.addIssue({ code: "custom", message: MSG.timingEndAfterStart, path: [...path, "end"] });
    return null;
  }
  return { start: s, end: e, path };
}

/** Slots of one day must not overlap (ours); the map keeps each day's slots by start time. */
function toTimings(ctx: Ctx, byDay: Map<Weekday, Slot[]>): ShopTimings | typeof z.NEVER {
  const timings: ShopTimings = {};
  let ok = true;
  for (const day of WEEKDAYS) {
    const slots = byDay.get(day);
    if (!slots?.length) continue;
    const sorted = [...slots].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.start < sorted[i - 1]!.end) {
        ctx.addIssue({ code: "custom", message: MSG.timingOverlap, path: [...sorted[i]!.path, "start"] });
        ok = false;
      }
    }
    timings[day] = sorted.map((s): TimingSlot => ({
      status: true,
      start: twelveHourText(s.start),
      end: twelveHourText(s.end),
    }));
  }
  if (!ok) return z.NEVER;
  if (Object.keys(timings).length === 0) {
    ctx.addIssue({ code: "custom", message: MSG.shopTimingRequired });
    return z.NEVER;
  }
  return timings;
}

const isWeekday = (d: unknown): d is Weekday =>
  typeof d === "string" && (WEEKDAYS as readonly string[]).includes(d.trim().toLowerCase());

/**
 * spec 1 §3 Shop timings on the wire (POST shop/add, POST shop/edit): lowercase weekday → slots {status: true, start, end}
 * in 12-hour text; several slots a day. An unknown day gives 'Please Select Day', a missing or unreadable start or end
 * 'Please Select Start Date' / 'Please Select End Date', no slot at all 'Please Add Shop Timing'. Slots with status false
 * are dropped. Times are stored as "9:00 AM" whatever the case or spacing sent; "17:30" is read too.
 */
export const timingsSchema = z
  .record(z.string(), z.unknown(), { error: MSG.shopTimingRequired })
  .transform((raw, ctx) => {
    const byDay = new Map<Weekday, Slot[]>();
    let ok = true;
    for (const [key, value] of Object.entries(raw)) {
      if (!isWeekday(key)) {
        ctx.addIssue({ code: "custom", message: MSG.dayRequired, path: [key] });
        ok = false;
        continue;
      }
      const day = key.trim().toLowerCase() as Weekday;
      if (!Array.isArray(value)) {
        ctx.addIssue({ code: "custom", message: MSG.shopTimingRequired, path: [key] });
        ok = false;
        continue;
      }
      value.forEach((item: unknown, i) => {
        const slot = (item ?? {}) as { status?: unknown; start?: unknown; end?: unknown };
        if (slot.status === false || slot.status === "false") return;
        const checked = checkSlot(ctx, slot.start, slot.end, [key, i]);
        if (!checked) ok = false;
        else byDay.set(day, [...(byDay.get(day) ?? []), checked]);
      });
    }
    if (!ok) return z.NEVER;
    return toTimings(ctx, byDay);
  });

/**
 * The timings editor's rows (`timings[i].day|start|end`, conform's naming) into the wire map. Blank rows are ignored
 * (the form without JavaScript carries spare rows); each other row needs a day, a start and an end (spec 1 §5 Shop
 * profile edits: 'Please Select Day', 'Please Select Start Date', 'Please Select End Date'); none gives 'Please Add Shop Timing'.
 */
export const timingRowsSchema = z
  .array(
    z
      .object({ day: z.string().optional(), start: z.string().optional(), end: z.string().optional() })
      .optional()
      .nullable(),
    { error: MSG.shopTimingRequired },
  )
  .optional()
  .transform((rows, ctx) => {
    const byDay = new Map<Weekday, Slot[]>();
    let ok = true;
    (rows ?? []).forEach((row, i) => {
      if (!row || (!row.day?.trim() && !row.start?.trim() && !row.end?.trim())) return;
      const dayOk = isWeekday(row.day);
      if (!dayOk) {
        ctx.addIssue({ code: "custom", message: MSG.dayRequired, path: [i, "day"] });
        ok = false;
      }
      const checked = checkSlot(ctx, row.start, row.end, [i]);
      if (!checked || !dayOk) {
        ok = false;
        return;
      }
      const day = row.day!.trim().toLowerCase() as Weekday;
      byDay.set(day, [...(byDay.get(day) ?? []), checked]);
    });
    if (!ok) return z.NEVER;
    return toTimings(ctx, byDay);
  });

/** spec 1 §5 Shop profile edits: letters, digits and spaces only; at most 25 characters. */
export const shopNameField = z.string({ error: MSG.shopNameRequired }).transform((raw, ctx) => {
  const name = raw.trim().replace(/\s+/g, " ");
  if (!name) {
    ctx.addIssue({ code: "custom", message: MSG.shopNameRequired });
    return z.NEVER;
  }
  if (!/^[\p{L}\p{N} ]+$/u.test(name)) {
    ctx.addIssue({ code: "custom", message: MSG.specialCharacters });
    return z.NEVER;
  }
  if (name.length > SHOP_NAME_MAX) {
    ctx.addIssue({ code: "custom", message: MSG.shopNameMax25 });
    return z.NEVER;
  }
  return name;
});

/** spec 1 §5 Shop profile edits: a valid e-mail ('Enter valid email'), at most 100 characters. Stored lower-case. */
export const shopEmailField = z.string({ error: MSG.enterValidEmail }).transform((raw, ctx) => {
  const email = raw.trim();
  if (email.length > SHOP_EMAIL_MAX) {
    ctx.addIssue({ code: "custom", message: MSG.max100 });
    return z.NEVER;
  }
  if (!z.email().safeParse(email).success) {
    ctx.addIssue({ code: "custom", message: MSG.enterValidEmail });
    return z.NEVER;
  }
  return email.toLowerCase();
});

// the generic website pattern (spec 1 §5 Generic field validators): an optional http(s) scheme, a host with a dot, a path
const WEBSITE_RE =
  /^(https?:\/\/)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/**
 * spec 1 §5 Shop profile edits: a valid URL ('Please enter a valid URL'), at most 100 characters; empty is allowed and is
 * sent as a single space (ARCHITECTURE §4). Output: the URL (with https:// when no scheme was given), or null for none.
 */
export const shopWebsiteField = z.string({ error: MSG.enterValidUrl }).transform((raw, ctx): string | null => {
  const website = raw.trim();
  if (!website) return null;
  if (website.length > SHOP_WEBSITE_MAX) {
    ctx.addIssue({ code: "custom", message: MSG.max100 });
    return z.NEVER;
  }
  if (!WEBSITE_RE.test(website)) {
    ctx.addIssue({ code: "custom", message: MSG.enterValidUrl });
    return z.NEVER;
  }
  const withScheme = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  if (withScheme.length > SHOP_WEBSITE_MAX) {
    ctx.addIssue({ code: "custom", message: MSG.max100 });
    return z.NEVER;
  }
  return withScheme;
});

/** The story as sent (HTML from the editor, or plain text): the API sanitises it and refuses it when nothing is left. */
export const shopStoryField = z.string({ error: MSG.storyRequired }).max(SHOP_STORY_MAX, MSG.storyTooLong);

/** spec 1 §5: at least one business category (a department). Ids, or {_id} objects as GET shop/getdetails gives them. */
export const shopCategoriesField = z
  .union([z.string(), z.object({ _id: z.string() }), z.array(z.union([z.string(), z.object({ _id: z.string() })]))], {
    error: MSG.shopCategoryMin,
  })
  .transform((raw, ctx) => {
    const list = (Array.isArray(raw) ? raw : [raw])
      .map((c) => (typeof c === "string" ? c : c._id).trim())
      .filter(Boolean);
    const ids = [...new Set(list)];
    if (ids.length === 0) {
      ctx.addIssue({ code: "custom", message: MSG.shopCategoryMin });
      return z.NEVER;
    }
    if (ids.length > 100 || ids.some((id) => id.length > 64)) {
      ctx.addIssue({ code: "custom", message: MSG.shopCategoryUnknown });
      return z.NEVER;
    }
    return ids;
  });

/** spec 1 §3 location: an address chosen from the place predictions, with its place id. */
export const shopLocationField = z
  .object(
    {
      address: z
        .string({ error: MSG.shopAddressRequired })
        .trim()
        .min(1, MSG.shopAddressRequired)
        .max(500, MSG.shopAddressRequired),
      placeId: z
        .string({ error: MSG.shopAddressRequired })
        .trim()
        .min(1, MSG.shopAddressRequired)
        .max(500, MSG.shopAddressRequired),
    },
    { error: MSG.shopAddressRequired },
  )
  .loose();

/** An image field: the location of the caller's checked upload, or 'null' to remove the image (spec 1 §4 Shop images). */
export const shopImageField = z.string().transform((raw, ctx): string | null => {
  const image = raw.trim();
  if (!image || image === NO_IMAGE) return null;
  if (image.length > 1000) {
    ctx.addIssue({ code: "custom", message: MSG.imageNotUploaded });
    return z.NEVER;
  }
  return image;
});

/**
 * spec 1 §7 POST shop/edit: _id (and ownerId, which the spec's clients send and we ignore) plus any of name, email,
 * website, location, story, categories, timings, image, coverImage. Other fields are not read.
 */
export const shopEditSchema = z
  .object({
    _id: z.string({ error: "_id is required" }).trim().min(1, "_id is required").max(64),
    ownerId: z.unknown().optional(),
    name: shopNameField.optional(),
    email: shopEmailField.optional(),
    website: shopWebsiteField.optional(),
    location: shopLocationField.optional(),
    story: shopStoryField.optional(),
    categories: shopCategoriesField.optional(),
    timings: timingsSchema.optional(),
    image: shopImageField.optional(),
    coverImage: shopImageField.optional(),
  })
  .refine(
    (v) =>
      ["name", "email", "website", "location", "story", "categories", "timings", "image", "coverImage"].some(
        (k) => v[k as keyof typeof v] !== undefined,
      ),
    {
      message: MSG.shopNothingToChange,
    },
  );
export type ShopEditInput = z.output<typeof shopEditSchema>;
