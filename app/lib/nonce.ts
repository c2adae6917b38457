import { createContext, useContext } from "react";

// the client default is "" so hydration matches the server's markup (ARCHITECTURE §9)
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
