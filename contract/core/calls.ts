import { z } from "./zod";
import { loggedUserSchema, signedInSchema } from "../access/auth";
import { attributeDefinitionSchema, attributeEntitySchema } from "../catalogue/attributes-api";
import { brandEntitySchema } from "../catalogue/brands-api";
import { auditEntrySchema } from "../audit/audit-api";
import { bulkResultSchema } from "./bulk-api";
// campaigns
import { campaignEntitySchema, campaignInfluencerRowSchema } from "../campaigns/campaigns-api";
// coupons
import {
  couponEntitySchema,
  couponOrderSchema,
  couponOrderStatsSchema,
  couponStatsSchema,
  deletedCouponSchema,
} from "../coupons/coupons-api";
// campaign payouts and payments
import {
  deletedTransactionSchema,
  myPayoutRowSchema,
  myTransactionSchema,
  paymentRowSchema,
  payoutRowSchema,
  payoutTermsSchema,
  transactionSchema,
} from "../campaigns/payouts-api";
import {
  campaignCategorySalesSchema,
  campaignStreamStatsSchema,
  campaignTopSchema,
  revenueSchema,
} from "../campaigns/revenue-api";
import {
  categoryDetailsSchema,
  categoryRefSchema,
  categoryRowSchema,
  deletedCategorySchema,
  subcategoryOptionSchema,
} from "../catalogue/categories-api";
import { deletedCommissionSchema, shopCommissionSchema } from "../shops/commission-api";
import {
  cityOptionSchema,
  countryOptionSchema,
  placeDetailsSchema,
  placePredictionSchema,
  stateOptionSchema,
} from "../geo/geo-api";
import { influencerEntitySchema } from "../people/influencers-api";
import { influencerMeSchema, influencerSignedInSchema } from "../people/influencer-app-api";
import { myCampaignSchema } from "../campaigns/influencer-campaigns-api";
import { otpSentSchema } from "../phone/otp-api";
// orders and payments
import {
  customerSignedInSchema,
  deletedOrderSchema,
  myOrderSchema,
  orderWrittenSchema,
  placedOrderSchema,
} from "../orders/orders-api";
import {
  deletedProductSchema,
  productEntitySchema,
  productListRowSchema,
  productVariationSchema,
} from "../products/products-api";
import { orderDetailSchema, orderListRowSchema } from "../orders/order-views-api";
import { importCheckSchema, importSummarySchema } from "../products/product-import-api";
import { registrationResultSchema, registrationVerifiedSchema } from "../people/registration-api";
import { shopStatsRowSchema } from "../shops/shop-stats-api";
import {
  addedShopSchema,
  deletedShopSchema,
  shopDetailsSchema,
  shopListRowSchema,
  shopStatusSchema,
} from "../shops/shops-api";
import { removedStaffSchema, staffMemberSchema } from "../people/staff-api";
import { receivedUploadSchema, signedUploadSchema, storedUploadSchema } from "../uploads/uploads-api";
// streams: multipart uploads
import {
  multipartStartedSchema,
  receivedPartSchema,
  signedPartsSchema,
  uploadedPartsSchema,
} from "../uploads/uploads-api";
import { streamFormOptionsSchema } from "../streams/streams-edit-api";
// the live room
import { liveRoomSchema } from "../streams/stream-room-api";
// chat
import {
  channelDescriptorSchema,
  chatDataSchema,
  chatMuteSchema,
  chatTokenSchema,
  chatUnreadSchema,
} from "../chat/chat-api";
import { deletedUserSchema, inviteCandidateSchema, userDetailsSchema, userEntitySchema } from "../people/users-api";
// the customer page
import {
  customerNoteSchema,
  customerRecordSchema,
  noteWrittenSchema,
  purchaseSchema,
  wishlistEntrySchema,
  wishlistWrittenSchema,
} from "../customers/customer-record-api";
// customers list and add flow
import {
  confirmationSentSchema,
  customerFoundSchema,
  customerRowSchema,
  registeredCustomerSchema,
} from "../customers/customer-list-api";
// streams
import {
  deletedStreamSchema,
  publicStreamSchema,
  streamDetailSchema,
  streamEntitySchema,
  streamProductsSchema,
} from "../streams/streams-api";
// the console's search box
import { searchResultSchema } from "../search/search-api";
// promoted products of a stream
import { promotableProductSchema, promotionDetailSchema, promotionRemovedSchema } from "../streams/streams-promote-api";

// The call table: one entry per /api operation, keyed "METHOD /path" as the route declares it (without any id
// pattern). `data` is the schema of the success envelope's `data`; `list: true` adds count, countEstimated and isNext.
// The OpenAPI document and the contract test read the schemas; pages import only the types (ADR 0010: no zod in pages).

export interface JsonCall {
  data: z.ZodType;
  list?: true;
  /** the success status when it is not 200 */
  status?: 201;
}
/** An operation that answers bytes, not the envelope (stored files). */
export interface BinaryCall {
  binary: true;
}
/** An operation that answers server-sent events (text/event-stream); each event's data is one JSON value of `events`. */
export interface EventStreamCall {
  events: z.ZodType;
}
/** An operation that answers a CSV download (ADR 0068: a list's rows, streamed). */
export interface CsvCall {
  csv: true;
}
export type CallSpec = JsonCall | BinaryCall | EventStreamCall | CsvCall;

/** A list's CSV export (ADR 0068). */
const csv = { csv: true as const };

const list = <T extends z.ZodType>(row: T) => ({ data: z.array(row), list: true as const });
const one = <T extends z.ZodType>(data: T) => ({ data });
const nothing = { data: z.null() };

/** spec 1 §7 SMS outbox row (demo only). */
export const outboxMessageSchema = z.object({
  _id: z.string(),
  to: z.string(),
  body: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const CALLS = {
  // auth (spec 1 §7 Auth)
  "POST /auth/login": one(signedInSchema),
  "GET /auth/isLoggedIn": one(loggedUserSchema),
  "GET /auth/logout": nothing,
  "POST /auth/logout": nothing,
  "POST /auth/send-otp/shopOwner": one(otpSentSchema),
  "POST /auth/verify-otp/shopOwner": one(signedInSchema),
  "POST /auth/google/shopOwner": one(signedInSchema),
  "POST /auth/facebook/shopOwner": one(signedInSchema),
  // public registration
  "POST /auth/register-influencer": one(registrationResultSchema),
  "POST /auth/send-otp/influencer": one(otpSentSchema),
  // type 'influencer-web-registration': the registration's phone verified; 'influencer-login': the app's bearer token
  "POST /auth/verify-otp/influencer": one(z.union([registrationVerifiedSchema, influencerSignedInSchema])),
  "POST /upload/public/sign": one(signedUploadSchema),
  "POST /upload/public/complete": one(storedUploadSchema),
  "POST /upload/public/file": one(storedUploadSchema),
  // profile
  "POST /user/edit-profile": one(loggedUserSchema),
  "POST /user/change-password": nothing,
  // uploads
  "POST /upload/sign": one(signedUploadSchema),
  "PUT /upload/put/*": one(receivedUploadSchema),
  "POST /upload/complete": one(storedUploadSchema),
  "POST /upload/file": one(storedUploadSchema),
  // multipart uploads (ADR 0037)
  "POST /upload/multipart/start": one(multipartStartedSchema),
  "POST /upload/multipart/parts": one(signedPartsSchema),
  "POST /upload/multipart/status": one(uploadedPartsSchema),
  "PUT /upload/part/*": one(receivedPartSchema),
  "POST /upload/multipart/complete": one(storedUploadSchema),
  "POST /upload/multipart/abort": nothing,
  "GET /files/*": { binary: true },
  // influencers
  "GET /user/influencer/:id": one(influencerEntitySchema),
  // role influencer: the influencer; role shopOwner: the new owner, for POST shop/add
  "POST /user/add-user": one(z.union([influencerEntitySchema, userEntitySchema])),
  "PUT /user/edit-user/:userId": one(influencerEntitySchema),
  "PUT /user/verification": one(influencerEntitySchema),
  // staff
  "POST /user/add-shopstaff": one(staffMemberSchema),
  "POST /user/edit-shopstaff": one(staffMemberSchema),
  "POST /user/remove-shopstaff": one(removedStaffSchema),
  "GET /auth/user-permission/:id": one(staffMemberSchema),
  // users
  // with buyerId: the customers list's rows (ADR 0034)
  // with campaignId: the invite list's candidates (ADR 0061)
  "GET /user/list": list(z.union([customerRowSchema, inviteCandidateSchema, userEntitySchema])),
  "GET /user/list/export": csv,
  "GET /user/:id": one(userDetailsSchema),
  "DELETE /user/:id": one(deletedUserSchema),
  // bulk actions (ADR 0074)
  "POST /user/bulk/delete": one(bulkResultSchema),
  "POST /user/bulk/verification": one(bulkResultSchema),
  // commission
  "GET /shop/commission/:shopId": list(shopCommissionSchema),
  "GET /shop/commission/:shopId/export": csv,
  "POST /shop/commission": one(shopCommissionSchema),
  "PUT /shop/commission": one(shopCommissionSchema),
  "DELETE /shop/commission": one(deletedCommissionSchema),
  // shops
  "GET /shop/getdetails/:id": one(shopDetailsSchema),
  "GET /shop/list": list(shopListRowSchema),
  "GET /shop/list/export": csv,
  "POST /shop/add": one(addedShopSchema),
  "PUT /shop/verification": one(shopStatusSchema),
  "DELETE /shop/:id": one(deletedShopSchema),
  "POST /shop/bulk/delete": one(bulkResultSchema),
  "POST /shop/bulk/verification": one(bulkResultSchema),
  "POST /shop/edit": one(shopDetailsSchema),
  "POST /shop/stats": one(z.array(shopStatsRowSchema)),
  // categories
  "POST /category/list": list(categoryRowSchema),
  "GET /category/list/export": csv,
  "GET /category/subcategory-list": list(subcategoryOptionSchema),
  "GET /category/departments": one(z.array(categoryRefSchema)),
  "POST /category": one(categoryDetailsSchema),
  "GET /category/:id": one(categoryDetailsSchema),
  "PUT /category/:id": one(categoryDetailsSchema),
  "DELETE /category/:id": one(deletedCategorySchema),
  // attributes
  "GET /attr": list(attributeEntitySchema),
  "GET /attr/export": csv,
  "POST /attr": one(attributeEntitySchema),
  "GET /attr/multiple": one(z.array(attributeDefinitionSchema)),
  "GET /attr/:id": one(attributeEntitySchema),
  "PUT /attr/push/:id": one(attributeEntitySchema),
  // the audit log (ADR 0071)
  "GET /audit": list(auditEntrySchema),
  "GET /audit/export": csv,
  // brands
  "GET /brand": list(brandEntitySchema),
  "GET /brand/export": csv,
  "POST /brand": one(brandEntitySchema),
  "GET /brand/:id": one(brandEntitySchema),
  "PUT /brand/:id": one(brandEntitySchema),
  // coupons
  "GET /coupon": list(couponEntitySchema),
  "GET /coupon/export": csv,
  "POST /coupon": one(couponEntitySchema),
  "GET /coupon/stats": one(couponStatsSchema),
  "GET /coupon/orders/:couponId": list(couponOrderSchema),
  "GET /coupon/order/stats/:id": one(couponOrderStatsSchema),
  "GET /coupon/:id": one(couponEntitySchema),
  "PUT /coupon/:id": one(couponEntitySchema),
  "PUT /coupon/status/:id": one(couponEntitySchema),
  "DELETE /coupon/:id": one(deletedCouponSchema),
  "POST /coupon/bulk/status": one(bulkResultSchema),
  "POST /coupon/bulk/delete": one(bulkResultSchema),
  // campaign payouts and payments
  "GET /campaign/payout/:campaignId/:influencerId": one(payoutTermsSchema),
  "POST /campaign/payout/:campaignId/:influencerId": one(payoutTermsSchema),
  "PUT /campaign/payout/:campaignId/:influencerId": one(payoutTermsSchema),
  "GET /campaign/payment-outline": list(payoutRowSchema),
  "GET /campaign/payment": list(paymentRowSchema),
  "POST /campaign/payment": one(transactionSchema),
  "PUT /campaign/payment/:transactionId": one(transactionSchema),
  "DELETE /campaign/payment/:transactionId": one(deletedTransactionSchema),
  "GET /campaign/stats/:id": one(revenueSchema),
  "GET /campaign/stats/streams/:id": one(campaignStreamStatsSchema),
  "GET /campaign/stats/top-products-streams/:id": one(campaignTopSchema),
  "GET /campaign/stats/subcategory-wise-sales/:id": one(campaignCategorySalesSchema),
  // campaigns
  "GET /campaign": list(campaignEntitySchema),
  "GET /campaign/export": csv,
  // the console's search box (ADR 0069)
  "GET /search": one(searchResultSchema),
  "POST /campaign": one(campaignEntitySchema),
  "GET /campaign/influencer/:id": list(campaignInfluencerRowSchema),
  "PUT /campaign/influencer/:id": one(campaignInfluencerRowSchema),
  "GET /campaign/:id": one(campaignEntitySchema),
  "PUT /campaign/:id": one(campaignEntitySchema),
  // products
  "GET /product": list(productListRowSchema),
  "GET /product/export": csv,
  "POST /product": { data: productEntitySchema, status: 201 },
  // the product import from CSV (ADR 0073)
  "GET /product/import/template": csv,
  "POST /product/import/check": one(importCheckSchema),
  "POST /product/import": { data: importSummarySchema, status: 201 },
  "PUT /product/multiple-variation": one(z.array(productVariationSchema)),
  "PUT /product/variant-discount/:id": one(productVariationSchema),
  "GET /product/variations/:id": one(z.array(productVariationSchema)),
  "POST /product/new-variant/:id": one(productVariationSchema),
  "GET /product/:id": one(productEntitySchema),
  "PUT /product/:id": one(productEntitySchema),
  "DELETE /product/:id": one(deletedProductSchema),
  "POST /product/bulk/delete": one(bulkResultSchema),
  // orders console (read side, ADR 0031)
  "GET /order/list": list(orderListRowSchema),
  "GET /order/export": { binary: true },
  "GET /order/:id": one(orderDetailSchema),
  // geo (public) and places
  "GET /geo/countries": one(z.array(countryOptionSchema)),
  "GET /geo/states": one(z.array(stateOptionSchema)),
  "GET /geo/cities": one(z.array(cityOptionSchema)),
  "POST /geo/states": one(z.object({ states: z.array(stateOptionSchema) })),
  "POST /geo/cities": one(z.array(cityOptionSchema)),
  "GET /geo/places/autocomplete": one(z.array(placePredictionSchema)),
  "GET /geo/places/:placeId": one(placeDetailsSchema),
  // demo SMS outbox
  "GET /sms/outbox": list(outboxMessageSchema),
  // orders and payments
  "POST /auth/send-otp/customer": one(otpSentSchema),
  "POST /auth/verify-otp/customer": one(customerSignedInSchema),
  "POST /order": { data: placedOrderSchema, status: 201 },
  "GET /order/my-orders": list(myOrderSchema),
  "GET /order/my-orders/:id": one(myOrderSchema),
  // the influencers' app door (ADR 0057)
  "GET /influencer/me": one(influencerMeSchema),
  "GET /influencer/campaign": list(myCampaignSchema),
  "PUT /influencer/campaign/:id": one(myCampaignSchema),
  "GET /influencer/payout": list(myPayoutRowSchema),
  "GET /influencer/payment": list(myTransactionSchema),
  "POST /order/scan-qr": one(orderWrittenSchema),
  "PUT /order/:id": one(orderWrittenSchema),
  "PUT /order/status/:id": one(orderWrittenSchema),
  "POST /order/bulk/status": one(bulkResultSchema),
  "PUT /payment/refund": one(orderWrittenSchema),
  "DELETE /order/:id": one(deletedOrderSchema),
  // the customer page (ADR 0035)
  "GET /user/customer/:id": one(customerRecordSchema),
  "GET /user/purchases": list(purchaseSchema),
  "GET /user/wishlist/:cusId": list(wishlistEntrySchema),
  "PUT /user/wishlist": one(wishlistWrittenSchema),
  "GET /user/notes/:cusId": list(customerNoteSchema),
  "PUT /user/notes": one(noteWrittenSchema),
  // customers list and add flow
  "POST /user/search-customer": one(customerFoundSchema),
  "POST /auth/register/send-otp": one(otpSentSchema),
  "POST /auth/register/:id": one(registeredCustomerSchema),
  "POST /user/customer/:id/send-otp": one(confirmationSentSchema),
  "POST /user/customer/:id/verify-otp": one(customerRecordSchema),
  // streams
  "POST /live-stream/list": list(streamEntitySchema),
  "GET /live-stream/list/export": csv,
  "PUT /live-stream/archive": one(streamEntitySchema),
  "PUT /live-stream/go-live/:id": one(streamEntitySchema),
  "PUT /live-stream/finish/:id": one(streamEntitySchema),
  "PUT /live-stream/stats/:id": one(streamDetailSchema),
  "GET /live-stream/:id": one(streamDetailSchema),
  "DELETE /live-stream": one(deletedStreamSchema),
  "DELETE /live-stream/:id": one(deletedStreamSchema),
  "GET /product/stream/:id": one(streamProductsSchema),
  // the embed script (ADR 0038)
  "GET /live-stream/public/:shopId": one(z.array(publicStreamSchema)),
  // streams
  "GET /live-stream/form-options": one(streamFormOptionsSchema),
  "POST /live-stream/web": one(streamDetailSchema),
  "POST /live-stream": one(streamDetailSchema),
  "PUT /live-stream/:id": one(streamDetailSchema),
  // promoted products of a stream
  "GET /live-stream/promotion-products": list(promotableProductSchema),
  "GET /live-stream/promotion-temp-data/:productId": one(promotionDetailSchema),
  "POST /live-stream/promotion-temp-data": one(promotionDetailSchema),
  "DELETE /live-stream/promotion-temp-data": one(promotionRemovedSchema),
  // the live room (ADR 0040)
  "GET /live-stream/room/:id": one(liveRoomSchema),
  "GET /live-stream/room/:id/events": { events: liveRoomSchema },
  // chat (ADR 0066)
  "GET /chat/token": one(chatTokenSchema),
  "GET /chat/unread": one(chatUnreadSchema),
  "POST /chat": one(channelDescriptorSchema),
  "GET /chat/chat-request": one(channelDescriptorSchema),
  "POST /chat/get-data": one(z.array(chatDataSchema)),
  "POST /chat/customer": one(channelDescriptorSchema),
  "POST /chat/mute": one(chatMuteSchema),
} as const satisfies Record<string, CallSpec>;

export type Calls = typeof CALLS;
export type CallKey = keyof Calls;
/** Keys of the calls that answer the JSON envelope. */
export type JsonCallKey = { [K in CallKey]: Calls[K] extends JsonCall ? K : never }[CallKey];
/** The `data` a call answers on success. */
export type CallData<K extends JsonCallKey> = Calls[K] extends { data: infer S extends z.ZodType }
  ? z.output<S>
  : never;
/** Whether the call is a list (its envelope adds count, countEstimated and isNext). */
export type IsListCall<K extends JsonCallKey> = Calls[K] extends { list: true } ? true : false;
/** The success envelope of a call. */
export type CallBody<K extends JsonCallKey> = {
  success: true;
  message: string;
  data: CallData<K>;
} & (IsListCall<K> extends true ? { count: number; countEstimated?: true; isNext: boolean } : unknown);

/** `/user/:id` → `user/${string}`: the paths a caller writes for a declared route (no leading slash). */
export type CallPath<P extends string> = P extends `/${infer Rest}` ? PathParts<Rest> : PathParts<P>;
type PathParts<P extends string> = P extends `:${string}/${infer Rest}`
  ? `${string}/${PathParts<Rest>}`
  : P extends `:${string}` | "*"
    ? string
    : P extends `${infer Head}/${infer Rest}`
      ? `${Head}/${PathParts<Rest>}`
      : P;
