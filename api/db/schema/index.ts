export * from "./users";
export * from "./shops";
export * from "./auth";
export * from "./catalogue";
export * from "./products";
export * from "./orders";
export * from "./customers";
export * from "./streams";
