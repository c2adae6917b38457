import type { CallData, JsonCallKey } from "#contract/core/calls";

// The call table types every call (ARCHITECTURE §2): a path like `user/${id}` is matched, segment by segment, against
// the table's `GET /user/:id`, so a loader never chooses the type of what it gets. Types only: pages ship no zod.
export type Method = "GET" | "POST" | "PUT" | "DELETE";
type Segments<S extends string> = S extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [S];
type SegmentsFit<P extends string[], R extends string[]> = R extends ["*"]
  ? true
  : P extends [infer p, ...infer pRest extends string[]]
    ? R extends [infer r, ...infer rRest extends string[]]
      ? r extends `:${string}`
        ? SegmentsFit<pRest, rRest>
        : [p] extends [r]
          ? SegmentsFit<pRest, rRest>
          : false
      : false
    : R extends []
      ? true
      : false;
type KeysOf<M extends Method> = JsonCallKey & `${M} /${string}`;
/** The table's key for a path: the path itself when it is a fixed route, else the routes whose `:params` it fills. */
type KeyOf<M extends Method, P extends string> =
  `${M} /${P}` extends KeysOf<M>
    ? `${M} /${P}`
    : {
        [K in KeysOf<M>]: K extends `${M} /${infer Route}`
          ? SegmentsFit<Segments<P>, Segments<Route>> extends true
            ? K
            : never
          : never;
      }[KeysOf<M>];
/** `P` when it names a call of the table; otherwise the table's routes for the method, so the compiler lists them. */
export type ApiPath<M extends Method, P extends string> = [KeyOf<M, P>] extends [never]
  ? KeysOf<M> extends `${M} /${infer Route}`
    ? Route
    : never
  : P;
/** What the call `M P` answers with on success. */
export type ApiData<M extends Method, P extends string> = CallData<KeyOf<M, P>>;
