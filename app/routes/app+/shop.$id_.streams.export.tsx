import { streamCsvLoader } from "~/services/streams.server";

// The shop page's Streams tab's 'Export CSV' (ADR 0068): that shop's streams, with the tab's search, sort and filters.
export const loader = streamCsvLoader("shop");
