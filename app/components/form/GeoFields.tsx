import { Box, Button, Flex, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { CityOption } from "#contract/geo/geo";
import type { StateOption } from "#contract/geo/geo-api";
import { UI_MSG } from "#contract/core/messages-ui";
import type { GeoOptions } from "~/services/geo.server";
import { ErrorList } from "./Field";
import { SearchSelect, type SearchOption } from "./SearchSelect";
import { FieldLabel } from "./FieldLabel";

// the lists are fetched only once a choice changes: their calls stay out of the page's first load (ADR 0010)
const geoLists = () => import("./geo-lists");

type GeoErrors = { country?: string[] | null; state?: string[] | null; city?: string[] | null };

/**
 * Country, State and City (spec 1 §2, §4): choosing a country loads its states and clears state and city; choosing a state
 * loads its cities. With JavaScript the lists come from /api/geo; without it, "Show states" / "Show cities" post the form with
 * `intent={refreshIntent}` and the page's action answers with the new lists (`geoOptions`). Posts `country`, `state`, `city`.
 * A country without states, or a state without cities (a few small ones), takes them as text. The three lists are
 * searchable once scripts run, and Country clearable (`SearchSelect`); the page links app/styles/search-select.css.
 */
export function GeoFields({
  idPrefix,
  geo,
  errors,
  refreshIntent,
}: {
  idPrefix: string;
  geo: GeoOptions;
  errors?: GeoErrors;
  refreshIntent: string;
}) {
  const [country, setCountry] = useState(geo.values.country);
  const [state, setState] = useState(geo.values.state);
  const [city, setCity] = useState(geo.values.city);
  const [states, setStates] = useState<StateOption[]>(geo.states);
  const [cities, setCities] = useState<CityOption[]>(geo.cities);
  const [failure, setFailure] = useState<string | null>(null);
  const serverStateless = geo.values.country && geo.states.length === 0 ? geo.values.country : null;
  const [statelessCountry, setStatelessCountry] = useState<string | null>(serverStateless);
  const serverCityless = geo.values.state && geo.states.length > 0 && geo.cities.length === 0 ? geo.values.state : null;
  const [citylessState, setCitylessState] = useState<string | null>(serverCityless);
  const latest = useRef(0);

  // a new answer from the server (a no-JS refresh, a failed submit) is the truth again
  useEffect(() => {
    setCountry(geo.values.country);
    setState(geo.values.state);
    setCity(geo.values.city);
    setStates(geo.states);
    setCities(geo.cities);
    setStatelessCountry(geo.values.country && geo.states.length === 0 ? geo.values.country : null);
    setCitylessState(geo.values.state && geo.states.length > 0 && geo.cities.length === 0 ? geo.values.state : null);
  }, [geo]);

  /** The list a call answers (null when a later call overtook it), or the failure shown (spec 1 §8: its message, or 'Something went wrong'). */
  async function load<T>(fetchList: () => Promise<{ data: T[] }>): Promise<T[] | null> {
    const call = ++latest.current;
    try {
      const { data: list } = await fetchList();
      return call === latest.current ? list : null;
    } catch (error) {
      if (call === latest.current)
        setFailure(error instanceof Error && error.message ? error.message : UI_MSG.somethingWrong);
      return null;
    }
  }

  function chooseCountry(code: string) {
    setCountry(code);
    setState("");
    setCity("");
    setStates([]);
    setCities([]);
    setFailure(null);
    setStatelessCountry(null);
    setCitylessState(null);
    // a list still on its way for the previous choice no longer counts
    latest.current++;
    if (!code) return;
    void load(async () => (await geoLists()).fetchStates(code)).then((list) => {
      if (!list) return;
      setStates(list);
      setStatelessCountry(list.length ? null : code);
    });
  }

  function chooseState(code: string) {
    setState(code);
    setCity("");
    setCities([]);
    setFailure(null);
    setCitylessState(null);
    latest.current++;
    if (!code || !country) return;
    void load(async () => (await geoLists()).fetchCities(country, code)).then((list) => {
      if (!list) return;
      setCities(list);
      setCitylessState(list.length ? null : code);
    });
  }

  const ids = { country: `${idPrefix}-country`, state: `${idPrefix}-state`, city: `${idPrefix}-city` };
  const described = (field: keyof GeoErrors) => (errors?.[field]?.length ? `${ids[field]}-error` : undefined);
  const countryOptions = geo.countries.map((c) => ({ value: c.code, label: c.name }));
  const stateOptions = states.map((s) => ({ value: s.state_code, label: s.name }));
  const cityOptions = cities.map((name) => ({ value: name, label: name }));
  const freeText = Boolean(country) && statelessCountry === country;
  const refresh = (label: string) => (
    <Button
      type="submit"
      name="intent"
      value={refreshIntent}
      formNoValidate
      variant="soft"
      size="2"
      className="no-js-only"
    >
      {label}
    </Button>
  );

  type Field = keyof GeoErrors;
  /** a searchable list of places (native select without scripts) */
  const pick = (
    field: Field,
    options: SearchOption[],
    value: string,
    onChange: (v: string) => void,
    extra: { placeholder: string; disabled?: boolean; clearable?: boolean; clearLabel?: string },
  ) => (
    <SearchSelect
      id={ids[field]}
      name={field}
      options={options}
      value={value}
      onChange={onChange}
      invalid={!!errors?.[field]?.length}
      describedBy={described(field)}
      {...extra}
    />
  );
  /** a place typed as text: a country without states, a state without cities */
  const typed = (field: Field, value: string, onChange: (v: string) => void) => (
    <TextField.Root
      id={ids[field]}
      name={field}
      size="3"
      maxLength={100}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-describedby={described(field)}
    />
  );
  const labelled = (field: Field, label: string, control: ReactNode) => (
    <Box mb="3">
      <FieldLabel htmlFor={ids[field]}>{label}</FieldLabel>
      {control}
      <ErrorList id={`${ids[field]}-error`} errors={errors?.[field]} />
    </Box>
  );

  return (
    <Box className="geo-fields">
      {labelled(
        "country",
        "Country",
        <Flex gap="2" align="center">
          {pick("country", countryOptions, country, chooseCountry, {
            placeholder: "Select country",
            clearable: true,
            clearLabel: "Clear country",
          })}
          {refresh("Show states")}
        </Flex>,
      )}
      {freeText ? (
        <>
          {labelled("state", "State", typed("state", state, setState))}
          {labelled("city", "City", typed("city", city, setCity))}
        </>
      ) : (
        <>
          {labelled(
            "state",
            "State",
            <Flex gap="2" align="center">
              {pick("state", stateOptions, state, chooseState, {
                placeholder: "Select state",
                disabled: !states.length,
              })}
              {states.length ? refresh("Show cities") : null}
            </Flex>,
          )}
          {labelled(
            "city",
            "City",
            state && citylessState === state
              ? typed("city", city, setCity)
              : pick("city", cityOptions, city, setCity, { placeholder: "Select city", disabled: !cities.length }),
          )}
        </>
      )}
      {failure ? <ErrorList errors={[failure]} /> : null}
    </Box>
  );
}
