-- The Security Audit trail filters by actor, source and time range as well as type and severity
-- (docs/api/audit-trail.md#filters). A page is the newest events that pass, by seq: with
-- (user_id, seq DESC) and (source, seq DESC) a page of one actor's or one source's events starts
-- at its cursor in the index instead of walking the whole trail for the few that match (a rare
-- source, an account with little activity). The time range filters occurred_at; its index finds
-- a range far back in the trail without reading everything newer.
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","seq" DESC NULLS LAST);
CREATE INDEX "audit_events_source_idx" ON "audit_events" USING btree ("source","seq" DESC NULLS LAST);
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at");
