-- A submission's answers stay read-only evidence: the runtime role may only mark it reviewed.
GRANT UPDATE (reviewed_at, reviewed_by) ON form_submissions TO app_runtime;
