import { DEFAULT_COUNTRY } from "#contract/geo/geo";
import { MSG } from "#contract/core/messages";
import { PLACE_PREDICTIONS_MAX } from "#contract/geo/places";
import type { PlaceDetails, PlacePrediction } from "#contract/geo/geo-api";
import { geoData } from "./geo-data";
import type { Env } from "../env";
import { ApiError } from "../http/http";
import { log } from "../log";

/**
 * Address search (ARCHITECTURE §6): Google Places when GOOGLE_MAPS_API_KEY is set, otherwise offline places from the
 * `country-state-city` data — a city with its coordinates, plus whatever the user typed before it as the street.
 */
export interface PlacesProvider {
  readonly kind: "offline" | "google";
  autocomplete(input: string): Promise<PlacePrediction[]>;
  /** null when the id names no place */
  details(placeId: string): Promise<PlaceDetails | null>;
}

export function placesProvider(env: Pick<Env, "GOOGLE_MAPS_API_KEY">): PlacesProvider {
  return env.GOOGLE_MAPS_API_KEY ? googlePlaces(env.GOOGLE_MAPS_API_KEY) : offlinePlaces;
}

// ---- offline ----

interface CityEntry {
  name: string;
  lower: string;
  countryCode: string;
  stateCode: string;
  latitude: string;
  longitude: string;
}
let cityIndex: Promise<CityEntry[]> | null = null;
const cities = () =>
  (cityIndex ??= geoData().then(({ City }) =>
    City.getAllCities().map((c) => ({ ...c, lower: c.name.toLowerCase() }) as CityEntry),
  ));

const OFFLINE_PREFIX = "csc:";

/**
 * A place id as a path parameter: an offline id (`csc:…`), Google's, or any other word but `autocomplete` (an unknown
 * place is answered as such), so `geo/places/autocomplete` and `geo/places/{placeId}` never overlap whatever their order.
 */
export const PLACE_ID_PATTERN = "(?!autocomplete$)[^/]+";
type OfflineRef = [street: string, country: string, state: string, city: string];

const encodeRef = (ref: OfflineRef) => OFFLINE_PREFIX + Buffer.from(JSON.stringify(ref)).toString("base64url");
function decodeRef(placeId: string): OfflineRef | null {
  if (!placeId.startsWith(OFFLINE_PREFIX)) return null;
  try {
    const ref = JSON.parse(Buffer.from(placeId.slice(OFFLINE_PREFIX.length), "base64url").toString("utf8"));
    return Array.isArray(ref) && ref.length === 4 && ref.every((p) => typeof p === "string")
      ? (ref as OfflineRef)
      : null;
  } catch {
    return null;
  }
}

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * Ways to read the text as "street, city": each comma-separated part (last first) as the start of a city name,
 * and, in the last part, its trailing words ("12 George St Sydney" → street "12 George St", city "Sydney").
 */
function readings(input: string): { street: string; city: string }[] {
  const parts = input.split(",").map(clean);
  const out: { street: string; city: string }[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const city = parts[i]!;
    if (city.length >= 2) out.push({ street: parts.slice(0, i).filter(Boolean).join(", "), city });
  }
  const last = parts[parts.length - 1]!.split(" ");
  for (let n = Math.min(3, last.length - 1); n >= 1; n--) {
    const city = last.slice(-n).join(" ");
    if (city.length >= 2)
      out.push({ street: [...parts.slice(0, -1), last.slice(0, -n).join(" ")].filter(Boolean).join(", "), city });
  }
  return out;
}

async function describe(ref: OfflineRef) {
  const { Country, State } = await geoData();
  const [street, country, state, city] = ref;
  const stateName = State.getStateByCodeAndCountry(state, country)?.name;
  return [street, city, stateName, Country.getCountryByCode(country)?.name].filter(Boolean).join(", ");
}

export const offlinePlaces: PlacesProvider = {
  kind: "offline",
  async autocomplete(input) {
    const text = clean(input);
    if (text.length < 2) return [];
    const all = await cities();
    for (const { street, city } of readings(text)) {
      const wanted = city.toLowerCase();
      const found = all.filter((c) => c.lower.startsWith(wanted));
      if (!found.length) continue;
      // exact names first, then the default country's (spec 1 §9: Australia), then shorter names
      found.sort(
        (a, b) =>
          Number(b.lower === wanted) - Number(a.lower === wanted) ||
          Number(b.countryCode === DEFAULT_COUNTRY) - Number(a.countryCode === DEFAULT_COUNTRY) ||
          a.name.length - b.name.length ||
          a.name.localeCompare(b.name),
      );
      const picked = found.slice(0, PLACE_PREDICTIONS_MAX);
      return Promise.all(
        picked.map(async (c) => {
          const ref: OfflineRef = [street, c.countryCode, c.stateCode, c.name];
          return { description: await describe(ref), place_id: encodeRef(ref) };
        }),
      );
    }
    return [];
  },
  async details(placeId) {
    const ref = decodeRef(placeId);
    if (!ref) return null;
    const { City } = await geoData();
    const city = City.getCitiesOfState(ref[1], ref[2]).find((c) => c.name === ref[3]);
    if (!city || city.latitude == null || city.longitude == null) return null;
    const latitude = Number(city.latitude);
    const longitude = Number(city.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    return { description: await describe(ref), place_id: placeId, latitude, longitude };
  },
};

// ---- Google Places (Autocomplete and Place Details web services) ----

export const GOOGLE_AUTOCOMPLETE_URL = "https://maps.googleapis.com/maps/api/place/autocomplete/json";
export const GOOGLE_DETAILS_URL = "https://maps.googleapis.com/maps/api/place/details/json";

interface GoogleReply {
  status?: string;
  error_message?: string;
  predictions?: { description?: string; place_id?: string }[];
  result?: { formatted_address?: string; place_id?: string; geometry?: { location?: { lat?: number; lng?: number } } };
}

const unavailable = () => new ApiError(500, MSG.placesUnavailable);

async function callGoogle(url: URL): Promise<GoogleReply> {
  let reply: GoogleReply;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(8000) });
    reply = (await res.json()) as GoogleReply;
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (error) {
    log.warn("Google Places call failed:", url.pathname, String(error));
    throw unavailable();
  }
  return reply;
}

function googlePlaces(key: string): PlacesProvider {
  return {
    kind: "google",
    async autocomplete(input) {
      const text = clean(input);
      if (!text) return [];
      const url = new URL(GOOGLE_AUTOCOMPLETE_URL);
      url.searchParams.set("input", text);
      url.searchParams.set("key", key);
      const reply = await callGoogle(url);
      if (reply.status === "ZERO_RESULTS") return [];
      if (reply.status !== "OK") {
        log.warn("Google Places autocomplete refused:", reply.status, reply.error_message ?? "");
        throw unavailable();
      }
      return (reply.predictions ?? [])
        .filter((p) => p.description && p.place_id)
        .slice(0, PLACE_PREDICTIONS_MAX)
        .map((p) => ({ description: p.description!, place_id: p.place_id! }));
    },
    async details(placeId) {
      const url = new URL(GOOGLE_DETAILS_URL);
      url.searchParams.set("place_id", placeId);
      url.searchParams.set("fields", "formatted_address,geometry,place_id");
      url.searchParams.set("key", key);
      const reply = await callGoogle(url);
      if (reply.status === "NOT_FOUND" || reply.status === "INVALID_REQUEST" || reply.status === "ZERO_RESULTS")
        return null;
      if (reply.status !== "OK") {
        log.warn("Google Places details refused:", reply.status, reply.error_message ?? "");
        throw unavailable();
      }
      const loc = reply.result?.geometry?.location;
      if (!reply.result?.formatted_address || typeof loc?.lat !== "number" || typeof loc?.lng !== "number") return null;
      return { description: reply.result.formatted_address, place_id: placeId, latitude: loc.lat, longitude: loc.lng };
    },
  };
}
