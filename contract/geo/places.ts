// Address search for shops (spec 1 §7 Third-party services: place autocomplete and geocoding by place id).
// Shapes only: the providers are in api/platform/providers/places.ts; the schemas in geo-api.ts.
import type { PlacePrediction } from "./geo-api";

/** ours: the longest text the address search takes. */
export const PLACE_INPUT_MAX = 200;
/** ours: how many predictions the address search shows. */
export const PLACE_PREDICTIONS_MAX = 5;

/** The form fields AddressField posts (see app/components/shop/AddressField.tsx). */
export const ADDRESS_FIELDS = {
  address: "address",
  placeId: "placeId",
  search: "addressSearch",
  option: "addressOption",
} as const;

/**
 * The address a form chose: `placeId` with `address` (hidden inputs after choosing with JavaScript), or a chosen
 * prediction radio without JavaScript, whose description travels in an `addressOption` ("{place_id}\t{description}").
 * Empty strings when nothing was chosen.
 */
export function chosenAddress(form: FormData): { address: string; placeId: string } {
  const placeId = String(form.get(ADDRESS_FIELDS.placeId) ?? "").trim();
  if (!placeId) return { address: "", placeId: "" };
  let address = String(form.get(ADDRESS_FIELDS.address) ?? "").trim();
  if (!address) {
    for (const option of form.getAll(ADDRESS_FIELDS.option)) {
      const [id, description] = String(option).split("\t");
      if (id === placeId && description) address = description;
    }
  }
  return { address, placeId };
}

/** What a page's no-JS "Search address" answers: the text searched and its predictions, or why there are none. */
export interface AddressSearch {
  text: string;
  predictions: PlacePrediction[];
  error?: string | null;
}
