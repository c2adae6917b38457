/**
 * The texts the product pages show by themselves (checks run before sending, confirmations). Apart from UI_MSG so that
 * only the product pages ship them (ADR 0021); MSG includes them too.
 */
export * as PRODUCT_UI_MSG from "./product-ui-messages";
