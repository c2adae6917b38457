import { HttpResponse, http } from "msw";

/**
 * Google Places web services (Autocomplete and Place Details) as their documented JSON answers.
 * Key "denied-key" gets REQUEST_DENIED; input "zzz" gets ZERO_RESULTS; place ids below are the only places.
 */
export const MOCK_PLACES: Record<string, { description: string; lat: number; lng: number }> = {
  ChIJP3Sa8ziYEmsRUKgyFmh9AQM: { description: "12 George St, Sydney NSW 2000, Australia", lat: -33.8599, lng: 151.209 },
  ChIJ90260rVG1moRkM2MIXVWBAQ: {
    description: "1 Collins St, Melbourne VIC 3000, Australia",
    lat: -37.814,
    lng: 144.973,
  },
};

export const placesHandlers = [
  http.get("https://maps.googleapis.com/maps/api/place/autocomplete/json", ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get("key") === "denied-key") {
      return HttpResponse.json({
        status: "REQUEST_DENIED",
        error_message: "The provided API key is invalid.",
        predictions: [],
      });
    }
    const input = (url.searchParams.get("input") ?? "").toLowerCase();
    if (!input) return HttpResponse.json({ status: "INVALID_REQUEST", predictions: [] });
    const predictions = Object.entries(MOCK_PLACES)
      .filter(
        ([, p]) =>
          p.description.toLowerCase().includes(input.split(",")[0]!.trim()) ||
          input.split(/[ ,]+/).some((w) => w.length > 2 && p.description.toLowerCase().includes(w)),
      )
      .map(([place_id, p]) => ({
        description: p.description,
        place_id,
        reference: place_id,
        types: ["street_address"],
      }));
    return HttpResponse.json({ status: predictions.length ? "OK" : "ZERO_RESULTS", predictions });
  }),
  http.get("https://maps.googleapis.com/maps/api/place/details/json", ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get("key") === "denied-key")
      return HttpResponse.json({ status: "REQUEST_DENIED", error_message: "The provided API key is invalid." });
    const id = url.searchParams.get("place_id") ?? "";
    const place = MOCK_PLACES[id];
    if (!place) return HttpResponse.json({ status: "NOT_FOUND" });
    return HttpResponse.json({
      status: "OK",
      result: {
        place_id: id,
        formatted_address: place.description,
        geometry: { location: { lat: place.lat, lng: place.lng } },
      },
    });
  }),
];
