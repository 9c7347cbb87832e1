ALTER TABLE location_settings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON location_settings TO app_runtime;
