import { STAFF_MODULES, type Permission, type StaffModule } from "../access/roles";

/** One row of the staff card: the owner first, then the staff (spec 1 §2). */
export interface StaffCardMember {
  _id: string;
  fName: string;
  lName: string;
  image: string | null;
  designation: string;
  isOwner: boolean;
}

export const STAFF_MODULE_NAMES = Object.keys(STAFF_MODULES) as StaffModule[];

/** Granted permission strings → the nine access-module entries, in the spec's order. */
export function accessModules(
  permissions: Iterable<string>,
): { module: { name: StaffModule; access_types: string[]; status: "on" | "off" } }[] {
  const held = new Set(permissions);
  return STAFF_MODULE_NAMES.map((name) => {
    const access_types = (STAFF_MODULES[name] as readonly string[]).filter((type) => held.has(`${name}:${type}`));
    return { module: { name, access_types, status: access_types.length ? "on" : "off" } };
  });
}

/** The access-module entries a client sent → permission strings (unknown modules or types are dropped by the schema first). */
export const permissionsOf = (entries: readonly { module: { name: string; access_types: readonly string[] } }[]) => [
  ...new Set(entries.flatMap((e) => e.module.access_types.map((type) => `${e.module.name}:${type}` as Permission))),
];

/** The staff form's custom gender shows when gender is other (spec 1 §5). */
export const STAFF_GENDERS = ["Male", "Female", "Other"] as const;

/** URL state of the staff card: `?drawer=add-staff`, `?drawer=staff&id=…`, `?confirm=remove-staff&id=…`. */
export const STAFF_DRAWER = { add: "add-staff", member: "staff", remove: "remove-staff" } as const;

/** The staff drawer's form fields (names the action reads); `perm` holds the ticked `module:type` strings. */
export interface StaffFormShape {
  fName: string;
  email: string;
  countryFlag: string;
  mobile: string;
  designation: string;
  staffImage: string;
  gender: string;
  customizeGender: string;
  perm: string[];
}
