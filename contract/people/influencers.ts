import { dayFromDmy, isDay } from "../core/days";
// Influencer fields shared by the admin forms and the public registration (spec 1 §3 Influencer extras, §5).

/** spec 1 §3 Ethnicity options (value) with the labels the forms show. */
export const ETHNICITIES = [
  { value: "asian", label: "Asian" },
  { value: "blackAfricanDescent", label: "Black / African descent" },
  { value: "multiracial", label: "Multiracial" },
  { value: "indigenous", label: "Indigenous" },
  { value: "latinoHispanic", label: "Latino / Hispanic" },
  { value: "middleEastern", label: "Middle Eastern" },
  { value: "southAsianIndian", label: "South Asian / Indian" },
  { value: "southeastAsianPacificIslander", label: "Southeast Asian / Pacific Islander" },
  { value: "whiteEuropeanDescent", label: "White / European descent" },
  { value: "others", label: "Others" },
] as const;
export type Ethnicity = (typeof ETHNICITIES)[number]["value"];
export const ETHNICITY_VALUES = ETHNICITIES.map((e) => e.value) as [Ethnicity, ...Ethnicity[]];

/** spec 1 §5 Add Influencer: Male, Female or Other; Other asks for a custom gender. */
export const INFLUENCER_GENDERS = ["Male", "Female", "Other"] as const;

/** spec 1 §9: portfolio max 8 images; spec 1 §5: at least one. */
export const PORTFOLIO_MAX = 8;

/** The four social ids (spec 1 §3), with the labels the forms show. */
export const SOCIAL_IDS = [
  { name: "instaProfileId", label: "Instagram" },
  { name: "tiktokProfileId", label: "TikTok" },
  { name: "fbProfileId", label: "Facebook" },
  { name: "youtubeProfileId", label: "YouTube" },
] as const;

// ---- the admin influencer pages and calls (helper A) ----

/** Our limits where spec 1 is silent: bio and custom gender lengths. */
export const INFLUENCER_BIO_MAX = 1000;
export const CUSTOM_GENDER_MAX = 25;

/**
 * A date of birth as the form writes it (DD/MM/YYYY, spec 1 §9) or as the wire stores it (YYYY-MM-DD):
 * the ISO date, or null when it is not a real calendar date.
 */
export function parseDob(raw: string): string | null {
  const text = raw.trim();
  const day = isDay(text) ? text : dayFromDmy(text);
  return day && day >= "1900-01-01" ? day : null;
}

/** YYYY-MM-DD → DD/MM/YYYY for the form and the details drawer. */
export const formatDob = (iso: string | null | undefined) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
};

/**
 * The latest date that is "today" somewhere on Earth (UTC+14): a date of birth after it is in the future for
 * everyone, so a user anywhere can enter their own today.
 */
export const latestToday = (now: Date = new Date()) =>
  new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);

export const ethnicityLabel = (value: string | null | undefined) =>
  ETHNICITIES.find((e) => e.value === value)?.label ?? value ?? "";
