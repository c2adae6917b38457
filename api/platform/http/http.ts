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
export interface Reply {
  status?: 200 | 201;
  message?: string;
  data?: unknown;
  count?: number;
  isNext?: boolean;
}
export const ok = (data?: unknown, message = "Success"): Reply => ({ data, message });
/** A record made by the call: 201 with the record. */
export const created = (data: unknown, message: string): Reply => ({ status: 201, data, message });
