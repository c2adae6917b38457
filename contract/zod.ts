import { z } from "zod";

// zod 4 compiles fast parsers with `new Function`, which the pages' Content-Security-Policy forbids
// (no 'unsafe-eval'); every schema that can reach the browser imports z from here.
z.config({ jitless: true });

export { z };
