/** Whether a value is one of a list's choices (text from a URL, a post or a record read as one of its literals). */
export const isOneOf = <T extends string | number>(choices: readonly T[], value: unknown): value is T =>
  choices.some((choice) => choice === value);
