import { productCsvLoader } from "~/services/products.server";

// The shop page's Products tab's 'Export CSV' (ADR 0068): that shop's products, with the tab's search and sort.
export const loader = productCsvLoader(true);
