import { z, idField } from "../core/zod";
import { MSG } from "../core/messages";
import { PHONE_MAX_LENGTH, phoneFields } from "../phone/phone";
import { refinePhone } from "../phone/phone-rules";
import { FULL_NAME_MAX } from "./profile";
import { VERIFICATION_STATUSES } from "../phone/verification";
import { userEntitySchema } from "./users-api";
import {
  CUSTOM_GENDER_MAX,
  ETHNICITY_VALUES,
  INFLUENCER_BIO_MAX,
  INFLUENCER_GENDERS,
  PORTFOLIO_MAX,
  latestToday,
  parseDob,
} from "./influencers";

// The schemas of the admin's influencer calls and of the influencer list's forms (server only: refinePhone needs
// libphonenumber-js). spec 1 §5 Add Influencer; client-safe shapes and constants are in influencers.ts.

const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);

/** An optional text: nothing sent is undefined (kept on edit), an empty one null (cleared). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.max100)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** DD/MM/YYYY (the form) or YYYY-MM-DD (the wire) → YYYY-MM-DD; not after today. */
const dobField = z.string({ error: MSG.dobRequired }).transform((raw, ctx) => {
  if (!raw.trim()) {
    ctx.addIssue({ code: "custom", message: MSG.dobRequired });
    return z.NEVER;
  }
  const iso = parseDob(raw);
  if (!iso) {
    ctx.addIssue({ code: "custom", message: MSG.dobInvalid });
    return z.NEVER;
  }
  if (iso > latestToday()) {
    ctx.addIssue({ code: "custom", message: MSG.dobFuture });
    return z.NEVER;
  }
  return iso;
});

/** A picture's location; '' and the wire's 'null' mean none. */
const location = z
  .string()
  .trim()
  .max(1000, MSG.imageNotUploaded)
  .transform((v) => (v === "null" ? "" : v));

/** The portfolio as a list (a form repeats `portfolio`; one value arrives alone): blanks dropped, duplicates once. */
const portfolioList = z.preprocess(
  (v) => (v === undefined || v === null ? v : Array.isArray(v) ? v : [v]),
  z
    .array(location, { error: MSG.portfolioRequired })
    .max(50, MSG.portfolioMax)
    .transform((list) => [...new Set(list.filter(Boolean))]),
);

/** At most 8 portfolio images (spec 1 §9); on add at least one ('Please Select atleast one Portfolio'). */
const portfolioRules = (required: boolean) =>
  portfolioList.superRefine((list, ctx) => {
    if (required && list.length === 0) ctx.addIssue({ code: "custom", message: MSG.portfolioRequired });
    else if (list.length > PORTFOLIO_MAX) ctx.addIssue({ code: "custom", message: MSG.portfolioMax });
  });

/**
 * spec 1 §5 Add Influencer (all required unless stated). `image` and `portfolio` are required on add; on edit they
 * are optional: left out of the API call, the current ones stay. `"editForm"` is the edit drawer's form, which always
 * shows the list, so an empty one there means the influencer keeps no portfolio.
 */
function influencerSchema(mode: "add" | "edit" | "editForm") {
  const image =
    mode === "add"
      ? z.string({ error: MSG.influencerImageRequired }).pipe(location).refine(Boolean, MSG.influencerImageRequired)
      : location.optional().transform((v) => v || undefined);
  const portfolio =
    mode === "edit" ? portfolioRules(false).optional() : z.preprocess((v) => v ?? [], portfolioRules(mode === "add"));
  return (
    z
      .object({
        image,
        fName: required(MSG.fullNameRequired, FULL_NAME_MAX, MSG.nameMax),
        email: z
          .string({ error: MSG.emailInvalid })
          .trim()
          .toLowerCase()
          .min(1, MSG.emailInvalid)
          .max(100, MSG.max100)
          .pipe(z.email({ error: MSG.emailInvalid })),
        ...phoneFields(MSG.missingPhone),
        // derived from the number; accepted because the spec's clients send it
        countryCode: z.string().nullable().optional(),
        gender: z.enum(INFLUENCER_GENDERS, { error: MSG.genderRequired }),
        customizeGender: z.string().trim().max(CUSTOM_GENDER_MAX, MSG.customGenderMax).nullable().optional(),
        dob: dobField,
        ethnicity: z.enum(ETHNICITY_VALUES, { error: MSG.ethnicityRequired }),
        country: z
          .string({ error: MSG.countryRequired })
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, MSG.countryRequired),
        // required when the country has states (and the state cities): the API checks with the geo data
        state: z
          .string()
          .trim()
          .max(100, MSG.geoStateUnknown)
          .nullable()
          .optional()
          .transform((v) => v || ""),
        city: z
          .string()
          .trim()
          .max(100, MSG.cityRequired)
          .nullable()
          .optional()
          .transform((v) => v || ""),
        bio: required(MSG.bioRequired, INFLUENCER_BIO_MAX, MSG.bioMax),
        instaProfileId: optionalText(100),
        tiktokProfileId: optionalText(100),
        fbProfileId: optionalText(100),
        youtubeProfileId: optionalText(100),
        portfolio,
      })
      // cross-field rules run even when other fields failed, so the form shows every message at once
      .superRefine(
        (v, ctx) => {
          if (!v || typeof v !== "object") return;
          if (typeof v.mobile === "string" && v.mobile.length <= PHONE_MAX_LENGTH) refinePhone(v, ctx);
          if (v.gender === "Other" && !v.customizeGender)
            ctx.addIssue({ code: "custom", path: ["customizeGender"], message: MSG.customGenderRequired });
        },
        { when: () => true },
      )
      .transform(({ countryCode: _derived, ...v }) => ({
        ...v,
        // the custom gender is kept only with Other
        customizeGender: v.gender === "Other" ? v.customizeGender || null : null,
      }))
  );
}

/** POST user/add-user with role influencer; also the Add Influencer drawer's form. */
export const addInfluencerSchema = influencerSchema("add");
export type AddInfluencerInput = z.output<typeof addInfluencerSchema>;

/** PUT user/edit-user/{userId}: the same rules; image and portfolio optional (the current ones stay). */
export const editInfluencerSchema = influencerSchema("edit");
export type EditInfluencerInput = z.output<typeof editInfluencerSchema>;

/** The edit drawer's form: which influencer, and the fields; its portfolio list is always on the form. */
export const editInfluencerFormSchema = z.intersection(
  z.object({ id: z.string().trim().min(1).max(64) }),
  influencerSchema("editForm"),
);

/** POST user/add-user: which payload this is (spec 1 §7: an influencer, or the owner of a shop about to be added). */
export const addUserRoleSchema = z.looseObject({
  role: z.enum(["influencer", "shopOwner"], { error: MSG.addUserRole }),
});

/** The verification call (spec 1 §7 Users: userId and status). Nothing chosen is 'Please Change the Status'. */
export const influencerStatusSchema = z.object({
  userId: idField(MSG.notFound),
  status: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(VERIFICATION_STATUSES, {
      error: (issue) => (issue.input === undefined ? MSG.statusUnchanged : MSG.influencerStatusInvalid),
    }),
  ),
});
export type InfluencerStatusInput = z.output<typeof influencerStatusSchema>;

/** The list's forms besides add and edit: the verification dialog and the delete confirmation. */
export const influencerStatusFormSchema = z.object({
  intent: z.literal("status"),
  id: z.string().trim().min(1).max(64),
  status: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(VERIFICATION_STATUSES).optional()),
});

/** A no-JavaScript "Show states" / "Show cities" post: nothing is checked, the form comes back with the new lists. */
export const geoRefreshSchema = z.looseObject({});

/** GET user/influencer/{id}: spec 1 §3 User with every Influencer extra (and the place names, for showing them). */
export const influencerEntitySchema = userEntitySchema.extend({
  role: z.object({ role: z.literal("influencer") }),
  /** YYYY-MM-DD */
  dob: z.string().nullable(),
  ethnicity: z.string().nullable(),
  /** two-letter country code */
  country: z.string().nullable(),
  /** state code */
  state: z.string().nullable(),
  city: z.string().nullable(),
  countryName: z.string().nullable(),
  stateName: z.string().nullable(),
  instaProfileId: z.string().nullable(),
  tiktokProfileId: z.string().nullable(),
  fbProfileId: z.string().nullable(),
  youtubeProfileId: z.string().nullable(),
  bio: z.string().nullable(),
  portfolio: z.array(z.string()),
});

/** GET user/influencer/{id}: spec 1 §3 User with every Influencer extra (and the place names, for showing them). */
export type InfluencerEntity = z.output<typeof influencerEntitySchema>;
