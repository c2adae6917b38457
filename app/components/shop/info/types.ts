import { type SubmissionResult } from "@conform-to/react";
import type { AddressSearch } from "#contract/geo/places";
import { type TimingRow } from "#contract/shops/shop-profile";
/** What the Shop Info action answers when it does not redirect: which card, and its form's reply (errors, what was sent). */
export interface ShopInfoActionData {
  intent: string;
  result: SubmissionResult<string[]>;
  rows?: TimingRow[];
  /** without JavaScript: the timing row whose removal waits for confirmation */
  confirmingRow?: number | null;
  search?: AddressSearch;
  categories?: string[];
}

export interface ShopInfoShop {
  _id: string;
  name: string;
  email: string;
  website: string;
  image: string;
  coverImage: string;
  location: { address: string; placeId: string };
  categories: { _id: string; name: string }[];
  story: { html: string; text: string };
  timings: TimingRow[];
}
