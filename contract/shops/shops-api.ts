import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { phoneFields } from "../phone/phone";
import { EVERY_TIME, parsePhone, refinePhone } from "../phone/phone-rules";
import { GENDERS } from "../access/roles";
import { FULL_NAME_MAX } from "../people/profile";
import { splitFullName } from "../people/users";
import { PLACE_INPUT_MAX } from "../geo/places";
import { listQuerySchema, repeated } from "../core/list";
import { SHOP_SORTS } from "./shops";
import { NO_IMAGE, WEEKDAYS, SHOP_EMAIL_MAX, SHOP_NAME_MAX, SHOP_STORY_MAX, SHOP_WEBSITE_MAX } from "./shop-profile";
import { timingRowsSchema, timingsSchema } from "./shop-profile-api";
import { VERIFICATION_STATUSES } from "../phone/verification";

// The schemas of the shops calls (server only: the phone rules need libphonenumber-js's metadata).
// Client-safe constants and shapes are in shops.ts.

/**
 * spec 1 §3 Owner payload when adding a shop: fName (the full name), gender, countryCode, countryFlag, mobile and
 * the role; spec 1 §5 Add shop gives the messages. countryCode is derived from the number, whatever is sent.
 * The output is what the users table stores: the name split at the first space, the number without its dial code.
 */
export const ownerPayloadSchema = z
  .object({
    fName: z
      .string({ error: MSG.ownerNameRequired })
      .trim()
      .min(1, MSG.ownerNameRequired)
      .max(FULL_NAME_MAX, MSG.nameMax),
    gender: z.enum(GENDERS, { error: MSG.ownerGenderRequired }),
    countryCode: z.string().nullable().optional(),
    ...phoneFields(MSG.ownerPhoneRequired),
    role: z.literal("shopOwner").optional(),
  })
  .superRefine(refinePhone, EVERY_TIME)
  .transform((owner) => {
    // refinePhone has already refused a number that does not parse
    const phone = parsePhone(owner.countryFlag, owner.mobile)!;
    return { ...splitFullName(owner.fName), gender: owner.gender, ...phone };
  });
export type OwnerPayload = z.output<typeof ownerPayloadSchema>;

/** GET geo/places/autocomplete: the text typed into the address search. */
export const placeAutocompleteQuerySchema = z.object({ input: z.string().trim().max(PLACE_INPUT_MAX).catch("") });

/** spec 1 §7 GET shop/list: sort, sortType, skip, limit, search, category (repeated: department ids). */
export const shopListQuerySchema = z.intersection(
  listQuerySchema(SHOP_SORTS),
  z.object({ category: repeated(z.string().trim().min(1).max(64)) }),
);
export type ShopListQuery = z.infer<typeof shopListQuerySchema>;

/** spec 1 §5 Add shop: the name is required and at most 25 characters; letters, digits and spaces as the profile edit asks. */
export const addShopNameField = z.string({ error: MSG.shopNameRequired }).transform((raw, ctx) => {
  const name = raw.trim().replace(/\s+/g, " ");
  if (!name) {
    ctx.addIssue({ code: "custom", message: MSG.shopNameRequired });
    return z.NEVER;
  }
  if (name.length > SHOP_NAME_MAX) {
    ctx.addIssue({ code: "custom", message: MSG.shopNameMax });
    return z.NEVER;
  }
  if (!/^[\p{L}\p{N} ]+$/u.test(name)) {
    ctx.addIssue({ code: "custom", message: MSG.specialCharacters });
    return z.NEVER;
  }
  return name;
});

/** spec 1 §5 Add shop: the shop's e-mail, required and valid ('Please enter valid shop's email'); stored lower-case. */
export const addShopEmailField = z.string({ error: MSG.shopEmailInvalid }).transform((raw, ctx) => {
  const email = raw.trim();
  if (!email || email.length > SHOP_EMAIL_MAX || !z.email().safeParse(email).success) {
    ctx.addIssue({ code: "custom", message: email.length > SHOP_EMAIL_MAX ? MSG.max100 : MSG.shopEmailInvalid });
    return z.NEVER;
  }
  return email.toLowerCase();
});

const WEBSITE_RE =
  /^(https?:\/\/)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/**
 * spec 1 §5 Add shop: the website is optional and must match the URL pattern ('Please Enter Valid URL'), at most 100.
 * Empty (or the wire's single space) is none: null. Without a scheme, https:// is added.
 */
export const addShopWebsiteField = z
  .string({ error: MSG.urlInvalid })
  .optional()
  .nullable()
  .transform((raw, ctx): string | null => {
    const website = (raw ?? "").trim();
    if (!website) return null;
    const withScheme = /^https?:\/\//i.test(website) ? website : `https://${website}`;
    if (withScheme.length > SHOP_WEBSITE_MAX) {
      ctx.addIssue({ code: "custom", message: MSG.max100 });
      return z.NEVER;
    }
    if (!WEBSITE_RE.test(website)) {
      ctx.addIssue({ code: "custom", message: MSG.urlInvalid });
      return z.NEVER;
    }
    return withScheme;
  });

/** An image the shop must have (spec 1 §5 Add shop): 'null' or nothing gives `required`. */
const requiredImage = (required: string) =>
  z.string({ error: required }).transform((raw, ctx) => {
    const image = raw.trim();
    if (!image || image === NO_IMAGE) {
      ctx.addIssue({ code: "custom", message: required });
      return z.NEVER;
    }
    if (image.length > 1000) {
      ctx.addIssue({ code: "custom", message: MSG.imageNotUploaded });
      return z.NEVER;
    }
    return image;
  });

/** spec 1 §5 Add shop: at least one category ('Please Select Shop Category'); ids (or {_id}), repeated or a list. */
export const addShopCategoriesField = z
  .union([z.string(), z.object({ _id: z.string() }), z.array(z.union([z.string(), z.object({ _id: z.string() })]))], {
    error: MSG.shopCategoryRequired,
  })
  .transform((raw, ctx) => {
    const ids = [
      ...new Set(
        (Array.isArray(raw) ? raw : [raw]).map((c) => (typeof c === "string" ? c : c._id).trim()).filter(Boolean),
      ),
    ];
    if (!ids.length) {
      ctx.addIssue({ code: "custom", message: MSG.shopCategoryRequired });
      return z.NEVER;
    }
    if (ids.length > 100 || ids.some((id) => id.length > 64)) {
      ctx.addIssue({ code: "custom", message: MSG.shopCategoryNotDepartment });
      return z.NEVER;
    }
    return ids;
  });

/** spec 1 §3 location as the shop calls send it: the address chosen from the predictions and its place id. */
const addShopLocationField = z
  .object(
    {
      address: z.string().trim().max(500).optional(),
      placeId: z
        .string({ error: MSG.shopAddressRequired })
        .trim()
        .min(1, MSG.shopAddressRequired)
        .max(500, MSG.shopAddressRequired),
    },
    { error: MSG.shopAddressRequired },
  )
  .loose();

const shopFields = {
  name: addShopNameField,
  story: z.string({ error: MSG.shopStoryRequired }).max(SHOP_STORY_MAX, MSG.storyTooLong),
  email: addShopEmailField,
  website: addShopWebsiteField,
  location: addShopLocationField,
  categories: addShopCategoriesField,
  image: requiredImage(MSG.shopImageRequired),
  coverImage: requiredImage(MSG.shopCoverRequired),
  timings: timingsSchema,
};

/**
 * spec 1 §7 POST shop/add: the shop's fields, with `ownerId` (an owner made by POST user/add-user) or the owner inline
 * as `owner` (spec 1 §3 Owner payload) — then the owner and the shop are made in one transaction. Only these are read.
 */
export const addShopSchema = z
  .object({ ownerId: z.string().trim().min(1).max(64).optional(), owner: ownerPayloadSchema.optional(), ...shopFields })
  .refine((v) => (v.ownerId === undefined) !== (v.owner === undefined), {
    message: MSG.ownerIdOrOwner,
    path: ["ownerId"],
  });
export type AddShopInput = z.output<typeof addShopSchema>;

/** The shop verification call (spec 1 §7: `_id`, `status`, `ownerId`); the API enforces spec 1 §4's transitions. */
export const shopVerificationSchema = z.object({
  _id: z.string({ error: "_id is required" }).trim().min(1, "_id is required").max(64),
  status: z.enum(VERIFICATION_STATUSES, { error: MSG.statusUnchanged }),
  ownerId: z.union([z.string().trim().max(64), z.object({ _id: z.string().trim().max(64) })]).optional(),
});
export type ShopVerificationInput = z.output<typeof shopVerificationSchema>;

// ---- the Add shop page's form (its action parses it; the API checks everything again) ----

/**
 * The page's fields: the owner (`fName`, `gender`, `countryFlag`, `mobile`), the shop, the address chosen (see
 * contract/geo/places.ts chosenAddress), and the timings editor's rows (`timings[i].day|start|end`). Whether the phone is
 * a valid mobile number is the API's verdict. Timings count only once their own Submit has been pressed
 * (`timingsSaved`): spec 1 §5 'the timings Submit must be pressed first, else Please Add Shop Timing'.
 */
export const addShopFormSchema = z
  .object({
    fName: z
      .string({ error: MSG.ownerNameRequired })
      .trim()
      .min(1, MSG.ownerNameRequired)
      .max(FULL_NAME_MAX, MSG.nameMax),
    gender: z.enum(GENDERS, { error: MSG.ownerGenderRequired }),
    ...phoneFields(MSG.ownerPhoneRequired),
    name: addShopNameField,
    story: z
      .string({ error: MSG.shopStoryRequired })
      .trim()
      .min(1, MSG.shopStoryRequired)
      .max(SHOP_STORY_MAX, MSG.storyTooLong),
    email: addShopEmailField,
    website: addShopWebsiteField,
    address: z.string().trim().max(500).optional(),
    placeId: z
      .string({ error: MSG.shopAddressRequired })
      .trim()
      .min(1, MSG.shopAddressRequired)
      .max(500, MSG.shopAddressRequired),
    categories: addShopCategoriesField,
    image: requiredImage(MSG.shopImageRequired),
    coverImage: requiredImage(MSG.shopCoverRequired),
    timingsSaved: z.literal("yes", { error: MSG.shopTimingRequired }),
    timings: timingRowsSchema,
  })
  // the owner's phone is checked with the other fields, not after them
  .superRefine(refinePhone, EVERY_TIME);
export type AddShopForm = z.output<typeof addShopFormSchema>;

/** The shop list's verification dialog (its delete confirmation is the list kit's). */
export const shopStatusFormSchema = z.object({
  intent: z.literal("status"),
  id: z.string().trim().min(1).max(64),
  ownerId: z.string().trim().max(64).optional(),
  status: z.enum(VERIFICATION_STATUSES).optional(),
});

/** The Add shop page's timings Submit (and its other no-JS round trips): the editor's rows only. */
export const addShopTimingsFormSchema = z.object({ timings: timingRowsSchema });

/** A round trip that checks nothing (a no-JS address search or timings row change): the form comes back as posted. */
export const keepFormSchema = z.object({});

const ref = z.object({ _id: z.string(), name: z.string() });

/** One row of GET shop/list: the shop with its categories (departments), owner and verification status. */
export const shopListRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  createdAt: z.string(),
  location: z.object({ address: z.string() }),
  categories: z.array(ref),
  ownerId: z
    .object({
      _id: z.string(),
      fName: z.string(),
      lName: z.string(),
      image: z.string().nullable(),
      countryCode: z.string().nullable(),
      mobile: z.string().nullable(),
    })
    .nullable(),
});

/** One shop as spec 1 §3 names it; "no image" is the string 'null' and "no website" a single space (ARCHITECTURE §4). */
export const shopDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  website: z.string(),
  image: z.string(),
  coverImage: z.string(),
  countryCode: z.string(),
  mobile: z.string(),
  location: z.object({
    address: z.string(),
    placeId: z.string(),
    type: z.literal("Point"),
    /** GeoJSON order: longitude, then latitude; empty when the shop has no place */
    coordinates: z.array(z.number()),
  }),
  categories: z.array(ref),
  status: z.enum(VERIFICATION_STATUSES),
  ownerId: z.object({ _id: z.string(), fName: z.string(), lName: z.string(), image: z.string().nullable() }).nullable(),
  shopStaffs: z.array(
    z.object({
      _id: z.string(),
      fName: z.string(),
      lName: z.string(),
      image: z.string().nullable(),
      designation: z.string(),
    }),
  ),
  story: z.string(),
  timings: z.partialRecord(
    z.enum(WEEKDAYS),
    z.array(z.object({ status: z.literal(true), start: z.string(), end: z.string() })),
  ),
});

/** POST shop/add answers the new shop's id, name, status and owner. */
export const addedShopSchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  ownerId: z.string(),
});
/** PUT shop/verification answers the shop's id and new status. */
export const shopStatusSchema = z.object({ _id: z.string(), status: z.enum(VERIFICATION_STATUSES) });
/** DELETE shop/{id} answers the deleted shop's id. */
export const deletedShopSchema = z.object({ _id: z.string() });

/** One shop as spec 1 §3 names it (GET shop/getdetails/{id}). */
export type ShopDetails = z.output<typeof shopDetailsSchema>;
/** One row of GET shop/list: the shop with its categories (departments), owner and verification status. */
export type ShopListRow = z.output<typeof shopListRowSchema>;
