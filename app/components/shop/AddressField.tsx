import { Box, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import { ADDRESS_FIELDS, PLACE_INPUT_MAX, type AddressSearch } from "#contract/geo/places";
import type { PlacePrediction } from "#contract/geo/geo-api";
import { ErrorList } from "~/components/form/Field";
import { callApiList } from "~/lib/api.client";
import { FieldLabel } from "~/components/form/FieldLabel";

const DEBOUNCE_MS = 300;
// styled here, so every page using the field looks the same without another stylesheet
const LIST_STYLE = {
  border: "1px solid var(--gray-a6)",
  borderRadius: "var(--radius-3)",
  overflow: "hidden",
  background: "var(--color-panel-solid)",
} as const;
const OPTION_STYLE = {
  display: "block",
  width: "100%",
  textAlign: "left",
  padding: "8px 12px",
  border: 0,
  borderBottom: "1px solid var(--gray-a4)",
  background: "transparent",
  font: "inherit",
  fontSize: "var(--font-size-2)",
  cursor: "pointer",
} as const;

async function fetchPredictions(input: string, signal: AbortSignal): Promise<PlacePrediction[]> {
  return (await callApiList("GET", "geo/places/autocomplete", { query: { input }, signal })).data;
}

/**
 * An address chosen from place predictions (spec 1 §5 Add shop: 'address chosen from place predictions').
 * With JavaScript: a search box whose predictions (debounced) appear below it; choosing one keeps it.
 * Without: the text and a "Search address" button posting `intent={searchIntent}`; the page's action answers with
 * `search` (see contract/geo/places.ts AddressSearch), shown as radio buttons. Either way the form posts `address` and
 * `placeId` (read them with `chosenAddress(formData)`); the server resolves the place id to coordinates on save.
 */
export function AddressField({
  id,
  label = "Address",
  value,
  search,
  searchIntent,
  errors,
  errorId,
  autoFocus,
}: {
  id: string;
  label?: string;
  /** the address chosen so far */
  value: { address: string; placeId: string };
  /** the answer to a no-JS search */
  search?: AddressSearch | null;
  searchIntent: string;
  errors?: string[] | null;
  errorId?: string;
  autoFocus?: boolean;
}) {
  const [chosen, setChosen] = useState(value);
  const [query, setQuery] = useState(search?.text ?? "");
  const [predictions, setPredictions] = useState<PlacePrediction[]>([]);
  const [serverChoices, setServerChoices] = useState<PlacePrediction[] | null>(search ? search.predictions : null);
  const [failure, setFailure] = useState<string | null>(search?.error ?? null);
  const [loading, setLoading] = useState(false);
  const typed = useRef(false);

  // a new answer from the server (a no-JS search, a refused submit) is the truth again
  useEffect(() => {
    setChosen({ address: value.address, placeId: value.placeId });
    setQuery(search?.text ?? "");
    setServerChoices(search ? search.predictions : null);
    setFailure(search?.error ?? null);
    setPredictions([]);
    typed.current = false;
  }, [value.address, value.placeId, search]);

  useEffect(() => {
    if (!typed.current) return;
    const text = query.trim();
    if (text.length < 2) {
      setPredictions([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      fetchPredictions(text, controller.signal)
        .then((list) => {
          setPredictions(list);
          setFailure(list.length ? null : UI_MSG.placeNoMatch);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setPredictions([]);
          setFailure(error instanceof Error && error.message ? error.message : UI_MSG.somethingWrong);
        })
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  function choose(p: PlacePrediction) {
    setChosen({ address: p.description, placeId: p.place_id });
    setPredictions([]);
    setServerChoices(null);
    setFailure(null);
    typed.current = false;
    setQuery("");
  }

  const listId = `${id}-predictions`;
  // without JavaScript, the radios are the choice (the earlier one first, still chosen), so no hidden inputs then
  const radios = serverChoices
    ? [
        ...(chosen.placeId && !serverChoices.some((p) => p.place_id === chosen.placeId)
          ? [{ description: chosen.address, place_id: chosen.placeId }]
          : []),
        ...serverChoices,
      ]
    : null;

  return (
    <Box mb="3" className="address-field">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {!radios && chosen.placeId ? (
        <Box
          className="address-chosen"
          mb="2"
          p="2"
          style={{ background: "var(--gray-a2)", border: "1px solid var(--gray-a5)", borderRadius: "var(--radius-2)" }}
        >
          <Text size="2" data-testid="address-chosen">
            {chosen.address}
          </Text>
          <input type="hidden" name={ADDRESS_FIELDS.address} value={chosen.address} />
          <input type="hidden" name={ADDRESS_FIELDS.placeId} value={chosen.placeId} />
        </Box>
      ) : null}
      <Flex gap="2" align="center">
        <Box flexGrow="1">
          <TextField.Root
            id={id}
            name={ADDRESS_FIELDS.search}
            size="3"
            type="search"
            autoComplete="off"
            autoFocus={autoFocus}
            maxLength={PLACE_INPUT_MAX}
            placeholder={chosen.placeId ? "Search another address" : "Search address, e.g. 12 George St, Sydney"}
            value={query}
            role="combobox"
            aria-expanded={predictions.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? errorId : undefined}
            onChange={(e) => {
              typed.current = true;
              setQuery(e.target.value);
            }}
            onKeyDown={(e) => {
              // with JavaScript, Enter picks the first prediction instead of submitting the form
              if (e.key !== "Enter") return;
              e.preventDefault();
              if (predictions[0]) choose(predictions[0]);
            }}
          />
        </Box>
        <Button
          type="submit"
          name="intent"
          value={searchIntent}
          formNoValidate
          variant="soft"
          size="3"
          className="no-js-only"
        >
          Search address
        </Button>
      </Flex>
      {loading ? (
        <Text size="1" color="gray">
          Searching…
        </Text>
      ) : null}
      {predictions.length ? (
        <Box
          id={listId}
          role="listbox"
          aria-label="Address suggestions"
          className="address-predictions"
          mt="1"
          style={LIST_STYLE}
        >
          {predictions.map((p) => (
            <button
              key={p.place_id}
              type="button"
              role="option"
              aria-selected={false}
              className="address-prediction"
              style={OPTION_STYLE}
              onClick={() => choose(p)}
            >
              {p.description}
            </button>
          ))}
        </Box>
      ) : null}
      {radios ? (
        <Box role="radiogroup" aria-label="Choose the address" className="address-choices" mt="2">
          {radios.length === 0 ? (
            <Text size="1" color="gray">
              {UI_MSG.placeNoMatch}
            </Text>
          ) : null}
          {radios.map((p, i) => (
            <Text
              as="label"
              key={p.place_id}
              size="2"
              className="address-choice"
              style={{ display: "block", padding: "4px 0" }}
            >
              <input
                type="radio"
                name={ADDRESS_FIELDS.placeId}
                value={p.place_id}
                defaultChecked={p.place_id === chosen.placeId || (i === 0 && !chosen.placeId && radios.length === 1)}
                onChange={() => choose(p)}
              />{" "}
              {p.description}
              <input type="hidden" name={ADDRESS_FIELDS.option} value={`${p.place_id}\t${p.description}`} />
            </Text>
          ))}
        </Box>
      ) : null}
      {failure && !radios?.length ? <ErrorList errors={[failure]} /> : null}
      <ErrorList id={errorId} errors={errors} />
    </Box>
  );
}
