import { z } from "../core/zod";

/** spec 1 §3 User: the fields every answer naming a person carries (the logged user, the users list). */
export const personFields = {
  _id: z.string(),
  fName: z.string(),
  lName: z.string(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  mobile: z.string().nullable(),
  countryCode: z.string().nullable(),
  countryFlag: z.string().nullable(),
  gender: z.string().nullable(),
};
