// Client-safe types of a stream's promoted products (spec 3 §5 Promotion discount; ADR 0039). The
// zod schemas are in streams-promote-api.ts.
