import { z } from "../core/zod";
import { MSG } from "../core/messages";
import { phoneFields } from "../phone/phone";
import { EVERY_TIME, refinePhone } from "../phone/phone-rules";
import { FULL_NAME_MAX } from "./profile";
import { STAFF_MODULES, type Permission, type StaffModule } from "../access/roles";
import { STAFF_MODULE_NAMES } from "./staff";

// The schemas of the staff calls and of the staff form's action (server only: refinePhone needs libphonenumber-js).

const id = z.string().trim().min(1).max(64);
const fName = z
  .string({ error: MSG.fullNameRequired })
  .trim()
  .min(1, MSG.fullNameRequired)
  .max(FULL_NAME_MAX, MSG.nameMax);
const email = z
  .string({ error: MSG.staffEmailRequired })
  .trim()
  .min(1, MSG.staffEmailRequired)
  .max(100, MSG.max100)
  // a pipe, not an aborting check: an aborted field would stop the cross-field rules below (every rule on the first submit)
  .pipe(z.email(MSG.emailInvalid));
const designation = z.string({ error: MSG.staffRoleRequired }).trim().min(1, MSG.staffRoleRequired).max(50, MSG.max50);
/** spec 1 §5: gender is optional; "Other" (or the profile's "Others") asks for a custom gender */
const gender = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.enum(["Male", "Female", "Other", "Others"]).optional(),
);
const customizeGender = z.string().trim().max(50, MSG.max50).optional();
const image = z
  .string({ error: MSG.staffImageRequired })
  .trim()
  .min(1, MSG.staffImageRequired)
  .max(1000)
  .refine((v) => v !== "null", MSG.staffImageRequired);

const isOther = (g: string | undefined) => g === "Other" || g === "Others";
function refineGender(value: { gender?: string; customizeGender?: string }, ctx: z.RefinementCtx) {
  if (isOther(value?.gender) && !value.customizeGender)
    ctx.addIssue({ code: "custom", path: ["customizeGender"], message: MSG.customGenderRequired });
}
/** The custom gender is kept only with "Other". */
const genderPair = <T extends { gender?: string; customizeGender?: string }>(v: T) => ({
  ...v,
  customizeGender: isOther(v.gender) ? v.customizeGender : undefined,
});

/** spec 1 §3 Access module entry as clients send it (status is derived, so ignored). */
const accessModuleList = z
  .array(
    z.object({
      module: z.object({
        name: z.enum(STAFF_MODULE_NAMES as [string, ...string[]], { error: MSG.staffUnknownAccess }),
        access_types: z.array(z.string()).max(10),
        status: z.string().optional(),
      }),
    }),
  )
  .max(STAFF_MODULE_NAMES.length * 2)
  .superRefine((entries, ctx) => {
    entries.forEach((entry, i) => {
      const known = STAFF_MODULES[entry.module.name as keyof typeof STAFF_MODULES] as readonly string[] | undefined;
      if (known && entry.module.access_types.some((t) => !known.includes(t))) {
        ctx.addIssue({ code: "custom", path: [i, "module", "access_types"], message: MSG.staffUnknownAccess });
      }
    });
  })
  .default([]);

/** POST user/add-shopstaff: an admin names the shop; an owner's or staff member's shop comes from the session. */
export const addStaffSchema = z
  .object({
    shopId: id.optional(),
    fName,
    email,
    ...phoneFields(MSG.staffPhoneRequired),
    countryCode: z.string().optional(),
    designation,
    image,
    gender,
    customizeGender,
    access_module: accessModuleList,
  })
  .superRefine(refinePhone, EVERY_TIME)
  .superRefine(refineGender, EVERY_TIME)
  .transform(genderPair);
export type AddStaffInput = z.infer<typeof addStaffSchema>;

/**
 * POST user/edit-shopstaff (spec 1 §7: with userId and countryFlag). Phone and role are required for a staff member;
 * the owner's entry keeps both read-only (they are ignored), so the service checks them, not this schema.
 */
export const editStaffSchema = z
  .object({
    userId: id,
    shopId: id.optional(),
    fName,
    email,
    countryFlag: phoneFields().countryFlag,
    countryCode: z.string().optional(),
    mobile: z.string().trim().max(18, MSG.invalidPhone).optional(),
    designation: z.string().trim().max(50, MSG.max50).optional(),
    image: image.optional(),
    gender,
    customizeGender,
    access_module: accessModuleList.optional(),
  })
  .superRefine((v, ctx) => refinePhone({ countryFlag: v?.countryFlag, mobile: v?.mobile }, ctx), EVERY_TIME)
  .superRefine(refineGender, EVERY_TIME)
  .transform(genderPair);
export type EditStaffInput = z.infer<typeof editStaffSchema>;

/** POST user/remove-shopstaff (spec 1 §7). */
export const removeStaffSchema = z.object({ shopId: id.optional(), userId: id });
export type RemoveStaffInput = z.infer<typeof removeStaffSchema>;

/** Permission strings from the grid's checkboxes (`perm=product:add`), unknown ones dropped. */
export function permissionsFromForm(values: readonly unknown[]): Permission[] {
  const out = new Set<Permission>();
  for (const v of values) {
    if (typeof v !== "string") continue;
    const [module, type] = v.split(":");
    const known = STAFF_MODULES[module as keyof typeof STAFF_MODULES] as readonly string[] | undefined;
    if (known?.includes(type ?? "")) out.add(v as Permission);
  }
  return [...out];
}

/** Permission strings → the access_module list the API takes. */
export const accessModuleBody = (
  permissions: readonly Permission[],
): Pick<AccessModuleEntry["module"], "name" | "access_types">[] =>
  STAFF_MODULE_NAMES.map((name) => ({
    name,
    access_types: permissions.filter((p) => p.startsWith(`${name}:`)).map((p) => p.slice(name.length + 1)),
  }));

const formGender = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.enum(["Male", "Female", "Other", "Others"]).optional(),
);

/** The staff drawer's form as its action checks it (conform): the same words as the API. */
export const staffFormSchema = (mode: "add" | "edit" | "owner") =>
  z
    .object({
      fName,
      email,
      countryFlag: phoneFields().countryFlag,
      mobile:
        mode === "owner"
          ? z.string().optional()
          : phoneFields(mode === "add" ? MSG.staffPhoneRequired : MSG.staffMobileRequired).mobile,
      designation: mode === "owner" ? z.string().optional() : designation,
      staffImage: mode === "add" ? image : image.optional(),
      gender: formGender,
      customizeGender,
      perm: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()).max(40)),
    })
    // with the other fields, not after them: one submit reports every rule
    .superRefine((v, ctx) => {
      if (mode !== "owner") refinePhone({ countryFlag: v?.countryFlag, mobile: v?.mobile }, ctx);
    }, EVERY_TIME)
    .superRefine(refineGender, EVERY_TIME);

/** spec 1 §3 Access module entry: a module is on when at least one access type is chosen (spec 1 §4). */
export const accessModuleEntrySchema = z.object({
  module: z.object({
    name: z.enum(STAFF_MODULE_NAMES as [StaffModule, ...StaffModule[]]),
    access_types: z.array(z.string()),
    status: z.enum(["on", "off"]),
  }),
});

/** spec 1 §3 Staff: one member of a shop's team as `GET auth/user-permission/{id}` answers it. */
export const staffMemberSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  shopId: z.string(),
  fName: z.string(),
  lName: z.string(),
  email: z.string(),
  countryCode: z.string(),
  mobile: z.string(),
  countryFlag: z.string(),
  /** "Owner" for the shop's owner (spec 1 §3) */
  designation: z.string(),
  image: z.string(),
  gender: z.string(),
  customizeGender: z.string(),
  role: z.object({ role: z.enum(["shopOwner", "staff"]) }),
  isOwner: z.boolean(),
  access_module: z.array(accessModuleEntrySchema),
});

/** POST user/remove-shopstaff answers who left which shop. */
export const removedStaffSchema = z.object({ _id: z.string(), shopId: z.string() });

/** spec 1 §3 Access module entry: a module is on when at least one access type is chosen (spec 1 §4). */
export type AccessModuleEntry = z.output<typeof accessModuleEntrySchema>;
/** spec 1 §3 Staff: one member of a shop's team as `GET auth/user-permission/{id}` answers it. */
export type StaffMember = z.output<typeof staffMemberSchema>;
