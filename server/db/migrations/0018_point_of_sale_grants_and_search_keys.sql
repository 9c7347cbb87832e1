-- Forced RLS and grants for the point-of-sale tables (see 0002 for why drizzle-kit cannot emit them).
ALTER TABLE products FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE product_search_keys FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE product_options FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE product_barcodes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE product_stock FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE stock_movements FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tax_rates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE registers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE register_sessions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE cash_movements FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE parked_sales FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE store_credit_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE, DELETE ON products, product_search_keys, product_options, product_barcodes, product_stock,
  tax_rates, registers, register_sessions, parked_sales TO app_runtime;--> statement-breakpoint
-- Ledgers are append-only for the application: a stock movement, a cash movement and a store-credit entry are
-- never rewritten (a correction is a new entry).
GRANT SELECT, INSERT ON stock_movements, cash_movements, store_credit_entries TO app_runtime;--> statement-breakpoint

-- The words a product is searched by (schema-pos.ts, product_search_keys): every word of its name, brand, model,
-- colour and SKU, lower-cased, and the whole SKU. Kept by trigger so that every writer (seed, bench, a future
-- catalogue editor) keeps them alike.
CREATE FUNCTION product_search_keys_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM product_search_keys WHERE tenant_id = OLD.tenant_id AND product_id = OLD.id;
  END IF;
  INSERT INTO product_search_keys (tenant_id, key, product_id)
  SELECT DISTINCT NEW.tenant_id, left(w, 100), NEW.id
  FROM regexp_split_to_table(lower(concat_ws(' ', NEW.name, NEW.brand, NEW.model, NEW.colour, NEW.sku)), '[^[:alnum:]]+') AS w
  WHERE w <> ''
  UNION
  SELECT NEW.tenant_id, left(lower(NEW.sku), 100), NEW.id
  WHERE NEW.sku <> '';
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_keys AFTER INSERT OR UPDATE OF name, brand, model, colour, sku ON products
  FOR EACH ROW EXECUTE FUNCTION product_search_keys_refresh();
