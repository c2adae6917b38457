const quiet = process.env.NODE_ENV === "test" || process.env.VITEST;
export const log = {
  info: (...args: unknown[]) => !quiet && console.log(...args),
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
};
