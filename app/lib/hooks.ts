import { useEffect, useState } from "react";

/** True once React runs in the browser; the server render and the first client render say false. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
