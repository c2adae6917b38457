// Reading what a form posted back (a conform reply's initialValue, a submission's payload, a route's data) without
// casts: each value is checked by its type where it is read.

/** The value at `key` of an object (or array), or undefined for anything else. */
export const valueAt = (values: unknown, key: string): unknown =>
  values !== null && typeof values === "object" ? Reflect.get(values, key) : undefined;

/** A value that is text, or undefined. */
export const textOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The text at `key`, or undefined when what is there is not text. */
export const textAt = (values: unknown, key: string): string | undefined => textOf(valueAt(values, key));

/** The text entries of the object at `key` (a posted group such as `dimension.Size`), {} when there is none. */
export const textsAt = (values: unknown, key: string): Partial<Record<string, string>> => {
  const value = valueAt(values, key);
  if (value === null || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
};
