ALTER TABLE sign_in_failures FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sign_in_failures TO app_runtime;
