import { streamCsvLoader } from "~/services/streams.server";

// The stream list's 'Export CSV' (ADR 0068): a plain GET carrying the list's search, sort and filters.
export const loader = streamCsvLoader("own");
