import { checkboxes } from "~/lib/list-filters";

/** The shop list's filter, read by the list and its CSV export: a shop's categories are departments (level 0), the choices loaded with the list. */
export const SHOP_LIST_FILTERS = { category: checkboxes("Category") };
