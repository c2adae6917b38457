import { MSG } from "#contract/core/messages";
import type { FieldErrors } from "#server-shared/field-errors";

export { zodErrors, type FieldErrors } from "#server-shared/field-errors";

/** A refusal the client is meant to see: status, the spec's message, and optional field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500,
    message: string,
    readonly extra: { errors?: FieldErrors; code?: number } = {},
  ) {
    super(message);
  }
}

export const unauthorized = (message: string = MSG.sessionExpired) => new ApiError(401, message, { code: 1001 });
export const notFound = (message: string = MSG.notFound) => new ApiError(404, message, { code: 1004 });
export const forbidden = (message: string = MSG.forbidden) => new ApiError(403, message);
export const badRequest = (message: string, errors?: FieldErrors) => new ApiError(400, message, { errors });
/** A 400 on one field, so forms can show it beside the input. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });

/** What a handler returns; the router wraps it in the envelope `{ success, message, data }`. */
export interface Reply<D = unknown> {
  status?: 200 | 201;
  message?: string;
  data?: D;
  count?: number;
  isNext?: boolean;
}
/**
 * What a value becomes on the wire: JSON.stringify turns a Date into its ISO text and drops undefined properties, so a
 * handler's rows are checked against the call's declared response as the client will read them.
 */
export type Wire<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
export const ok = <D = undefined>(data?: D, message = "Success"): Reply<Wire<D>> => ({
  data: data as Wire<D>,
  message,
});
/** A record made by the call: 201 with the record. */
export const created = <D>(data: D, message: string): Reply<Wire<D>> => ({
  status: 201,
  data: data as Wire<D>,
  message,
});
