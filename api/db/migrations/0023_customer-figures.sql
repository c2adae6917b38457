CREATE TABLE "customer_figures" (
	"shop_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	CONSTRAINT "customer_figures_shop_id_customer_id_pk" PRIMARY KEY("shop_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "customer_figures" ADD CONSTRAINT "customer_figures_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_figures_shop_spent_idx" ON "customer_figures" USING btree ("shop_id","spent_cents","customer_id");--> statement-breakpoint
CREATE INDEX "customer_figures_shop_count_idx" ON "customer_figures" USING btree ("shop_id","order_count","customer_id");--> statement-breakpoint
CREATE INDEX "customer_figures_shop_last_idx" ON "customer_figures" USING btree ("shop_id","last_order_at","customer_id");--> statement-breakpoint
-- The customers list's figures are kept by the database (ADR 0075): a buyer's rows are recomputed from their orders in
-- the transaction that changes an order or a line. The row is locked first, and the recount is a later statement, so
-- it sees every order committed by a transaction that held the lock before: two orders of one buyer at once are both
-- counted. Rows are locked buyer by buyer, every shop's row ('') before the shop's, so two transactions take them in
-- the same order.
CREATE FUNCTION "customer_figures_refresh"(p_shop text, p_buyer text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "customer_figures" ("shop_id", "customer_id") VALUES (p_shop, p_buyer) ON CONFLICT DO NOTHING;
	PERFORM 1 FROM "customer_figures" WHERE "shop_id" = p_shop AND "customer_id" = p_buyer FOR UPDATE;
	UPDATE "customer_figures" f SET ("order_count", "spent_cents", "last_order_at") = (
		SELECT count(DISTINCT o."id")::int,
			coalesce(sum(l."line_cents" + l."tax_cents" - l."coupon_discount_cents" - l."refunded_cents"), 0),
			coalesce(max(o."created_at"), '-infinity')
		FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id"
		WHERE o."buyer_id" = p_buyer AND o."deleted_at" IS NULL AND (p_shop = '' OR l."shop_id" = p_shop))
	WHERE f."shop_id" = p_shop AND f."customer_id" = p_buyer;
END;
$$;--> statement-breakpoint
-- the pairs (shop, buyer) in `pairs`, each buyer's every-shop row with them, refreshed in the lock order
CREATE FUNCTION "customer_figures_refresh_all"(pairs jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
	FOR r IN
		SELECT DISTINCT p.shop_id, p.buyer_id FROM (
			SELECT x->>0 AS shop_id, x->>1 AS buyer_id FROM jsonb_array_elements(pairs) x
			UNION SELECT '', x->>1 FROM jsonb_array_elements(pairs) x
		) p WHERE p.buyer_id IS NOT NULL ORDER BY p.buyer_id, p.shop_id
	LOOP
		PERFORM "customer_figures_refresh"(r.shop_id, r.buyer_id);
	END LOOP;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "customer_figures_lines_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "customer_figures_refresh_all"(coalesce((
		SELECT jsonb_agg(DISTINCT jsonb_build_array(n."shop_id", o."buyer_id"))
		FROM new_lines n JOIN "orders" o ON o."id" = n."order_id"), '[]'));
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "customer_figures_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "customer_figures_refresh_all"(coalesce((
		SELECT jsonb_agg(DISTINCT jsonb_build_array(c.shop_id, o."buyer_id"))
		FROM (
			SELECT n."order_id", n."shop_id" FROM new_lines n JOIN old_lines d ON d."id" = n."id"
			WHERE (n."order_id", n."shop_id", n."line_cents", n."tax_cents", n."coupon_discount_cents", n."refunded_cents")
				IS DISTINCT FROM (d."order_id", d."shop_id", d."line_cents", d."tax_cents", d."coupon_discount_cents", d."refunded_cents")
			UNION
			SELECT d."order_id", d."shop_id" FROM new_lines n JOIN old_lines d ON d."id" = n."id"
			WHERE (n."order_id", n."shop_id") IS DISTINCT FROM (d."order_id", d."shop_id")
		) c JOIN "orders" o ON o."id" = c."order_id"), '[]'));
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "customer_figures_lines_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "customer_figures_refresh_all"(coalesce((
		SELECT jsonb_agg(DISTINCT jsonb_build_array(d."shop_id", o."buyer_id"))
		FROM old_lines d JOIN "orders" o ON o."id" = d."order_id"), '[]'));
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- an order deleted (or undeleted), moved to another buyer or re-dated: its buyers' rows with each of its shops
CREATE FUNCTION "customer_figures_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "customer_figures_refresh_all"(coalesce((
		SELECT jsonb_agg(DISTINCT jsonb_build_array(l."shop_id", b.buyer_id))
		FROM new_orders n JOIN old_orders d ON d."id" = n."id"
		CROSS JOIN LATERAL (VALUES (n."buyer_id"), (d."buyer_id")) b(buyer_id)
		JOIN "order_lines" l ON l."order_id" = n."id"
		WHERE (n."deleted_at", n."buyer_id", n."created_at") IS DISTINCT FROM (d."deleted_at", d."buyer_id", d."created_at")), '[]'));
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- an order removed outright (its lines go with it, unseen by the lines' trigger): each of its buyers' rows
CREATE FUNCTION "customer_figures_orders_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "customer_figures_refresh_all"(coalesce((
		SELECT jsonb_agg(DISTINCT jsonb_build_array(f."shop_id", f."customer_id"))
		FROM "customer_figures" f WHERE f."customer_id" IN (SELECT d."buyer_id" FROM old_orders d)), '[]'));
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- every customer has their rows (zeros until they order): a shop's with each shop that knows them, and the every-shop
-- row if they are a shop's customer or a customer account, so both lists read their figures by a join, in the order
-- asked, from an index
CREATE FUNCTION "customer_figures_customer_known"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "customer_figures" ("shop_id", "customer_id")
	VALUES ('', NEW."customer_id"), (NEW."shop_id", NEW."customer_id") ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "customer_figures_customer_insert" AFTER INSERT ON "shop_customers" FOR EACH ROW EXECUTE FUNCTION "customer_figures_customer_known"();--> statement-breakpoint
CREATE FUNCTION "customer_figures_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."role" = 'endUser' THEN
		INSERT INTO "customer_figures" ("shop_id", "customer_id") VALUES ('', NEW."id") ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "customer_figures_account_insert" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "customer_figures_account"();--> statement-breakpoint
CREATE TRIGGER "customer_figures_account_role" AFTER UPDATE OF "role" ON "users" FOR EACH ROW EXECUTE FUNCTION "customer_figures_account"();--> statement-breakpoint
CREATE TRIGGER "customer_figures_lines_insert" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "customer_figures_lines_added"();--> statement-breakpoint
CREATE TRIGGER "customer_figures_lines_update" AFTER UPDATE ON "order_lines" REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "customer_figures_lines_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_figures_lines_delete" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION "customer_figures_lines_removed"();--> statement-breakpoint
CREATE TRIGGER "customer_figures_orders_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION "customer_figures_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_figures_orders_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION "customer_figures_orders_removed"();--> statement-breakpoint
-- every row from the orders at once: the figures of what exists now (this migration; a bulk load with the triggers off)
CREATE FUNCTION "customer_figures_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "customer_figures";
	INSERT INTO "customer_figures" ("shop_id", "customer_id", "order_count", "spent_cents", "last_order_at")
	SELECT l."shop_id", o."buyer_id", count(DISTINCT o."id")::int,
		sum(l."line_cents" + l."tax_cents" - l."coupon_discount_cents" - l."refunded_cents"), max(o."created_at")
	FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id" WHERE o."deleted_at" IS NULL
	GROUP BY l."shop_id", o."buyer_id"
	UNION ALL
	SELECT '', o."buyer_id", count(DISTINCT o."id")::int,
		sum(l."line_cents" + l."tax_cents" - l."coupon_discount_cents" - l."refunded_cents"), max(o."created_at")
	FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id" WHERE o."deleted_at" IS NULL
	GROUP BY o."buyer_id";
	INSERT INTO "customer_figures" ("shop_id", "customer_id")
	SELECT "shop_id", "customer_id" FROM "shop_customers"
	UNION SELECT '', "customer_id" FROM "shop_customers"
	UNION SELECT '', "id" FROM "users" WHERE "role" = 'endUser'
	ON CONFLICT DO NOTHING;
END;
$$;--> statement-breakpoint
SELECT "customer_figures_rebuild"();
