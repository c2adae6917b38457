// The accepted-influencer page's URL state and answers (spec 3 §2 Accepted-influencer page), shared by its route,
// its server code and its components.

/** spec 3 §2: the Portfolio and Streams tabs, in the URL (?tab=…). */
export const ACCEPTED_TABS = ["portfolio", "streams"] as const;
export type AcceptedTab = (typeof ACCEPTED_TABS)[number];

/** spec 3 §4 Timing: the fee saves 4 s after typing stops. */
export const FEE_AUTOSAVE_MS = 4000;

/** {app}/edit-campaign/{id}/accept-influencer/{influencerId}, with the tab when it is not the first. */
export function acceptedHref(campaignId: string, influencerId: string, params: Record<string, string | null> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const qs = search.toString();
  return `/app/edit-campaign/${campaignId}/accept-influencer/${influencerId}${qs ? `?${qs}` : ""}`;
}

/** A Sales Commission row as the form holds it before saving. */
export interface CommissionDraftRow {
  subCategory: string;
  commission: string;
}

/** What the page's action answers when it does not return to the page (a refusal, a draft, the fee's autosave). */
export interface AcceptedAnswer {
  intent: string;
  ok: boolean;
  message?: string;
  fee?: string;
  rows?: CommissionDraftRow[];
  /** `{row}.{subCategory|commission}` → message */
  rowErrors?: Record<string, string>;
  amount?: string;
  note?: string;
  fieldErrors?: Record<string, string[]>;
}
