import { describe, expect, it } from "vitest";
import { MSG } from "./messages";
import { registrationSchema } from "../people/registration-api";
import { addShopFormSchema } from "../shops/shops-api";
import { addStaffSchema, staffFormSchema } from "../people/staff-api";

// ARCHITECTURE §7: every rule is reported on the first submit, the phone's and the custom gender's with the others
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("cross-field rules run while other fields fail", () => {
  it("the staff form: an invalid phone and Other without a custom gender beside a missing name", () => {
    const found = messages(
      staffFormSchema("add").safeParse({
        fName: "",
        email: "",
        countryFlag: "AU",
        mobile: "12",
        gender: "Other",
        customizeGender: "",
      }),
    );
    expect(found).toMatchObject({
      fName: MSG.fullNameRequired,
      mobile: MSG.invalidPhone,
      customizeGender: MSG.customGenderRequired,
    });
    const api = messages(addStaffSchema.safeParse({ fName: "", countryFlag: "AU", mobile: "12", gender: "Other" }));
    expect(api).toMatchObject({ mobile: MSG.invalidPhone, customizeGender: MSG.customGenderRequired });
  });

  it("Add Shop: the owner's invalid phone beside the shop's missing name", () => {
    const found = messages(addShopFormSchema.safeParse({ fName: "", countryFlag: "AU", mobile: "12" }));
    expect(found).toMatchObject({ fName: MSG.ownerNameRequired, mobile: MSG.invalidPhone, name: MSG.shopNameRequired });
  });

  it("public registration: the invalid mobile beside every other rule", () => {
    const found = messages(registrationSchema().safeParse({ countryFlag: "AU", mobile: "12" }));
    expect(found).toMatchObject({ fName: MSG.regNameRequired, mobile: MSG.invalidPhone, bio: MSG.bioRequired });
  });
});
