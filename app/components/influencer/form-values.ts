// What the influencers list (its action and loader) shares with its lazily loaded form, kept apart so that the list
// does not load the form with it.

/** The form's fields as the add and edit drawers fill them (the edit drawer from the influencer). */
export interface InfluencerFormValues {
  image: string;
  fName: string;
  email: string;
  countryFlag: string;
  mobile: string;
  gender: string;
  customizeGender: string;
  dob: string;
  ethnicity: string;
  bio: string;
  instaProfileId: string;
  tiktokProfileId: string;
  fbProfileId: string;
  youtubeProfileId: string;
  country: string;
  state: string;
  city: string;
  portfolio: string[];
}
/** The `intent` of the no-JavaScript "Show states" / "Show cities" buttons of each form. */
export const GEO_INTENT = { add: "geo-add", edit: "geo-edit" } as const;
