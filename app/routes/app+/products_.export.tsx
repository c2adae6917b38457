import { productCsvLoader } from "~/services/products.server";

// The product list's 'Export CSV' (ADR 0068): a plain GET carrying the list's search and sort, no JavaScript needed.
export const loader = productCsvLoader(false);
