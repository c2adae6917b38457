import { dayFromDmy, dmyOf, isDay } from "#contract/core/days";

/**
 * spec 1 §9, spec 2 §1: a date is typed and shown DD/MM/YYYY whatever the browser's locale (a native date input writes
 * the locale's order, mm/dd/yyyy in an en-US browser): a text field, the registration's date of birth's. The API
 * reads DD/MM/YYYY and YYYY-MM-DD alike (`toDay`); `data-day` marks the field for the list filters' script.
 */
export const DAY_FIELD = {
  type: "text",
  inputMode: "numeric",
  placeholder: "DD/MM/YYYY",
  maxLength: 10,
  "data-day": "",
} as const;

/** What a date field shows for a value of the URL or the record: DD/MM/YYYY (a YYYY-MM-DD is rewritten). */
export const shownDay = (value: string | null | undefined) => dmyOf(value ?? "");

/** A date field's value is a whole day (or nothing): a script may act on it without waiting for more typing. */
export const isWholeDay = (value: string) => value.trim() === "" || isDay(value.trim()) || dayFromDmy(value) !== null;
