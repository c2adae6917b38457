import { select } from "~/lib/list-filters";

/** The attribute list's filter (spec 2 §2), read by the list and its CSV export. */
export const ATTRIBUTE_LIST_FILTERS = {
  isForVariation: select("For variation", {
    all: "All",
    options: [
      { value: "true", label: "Yes" },
      { value: "false", label: "No" },
    ],
    onlyListed: true,
  }),
};
