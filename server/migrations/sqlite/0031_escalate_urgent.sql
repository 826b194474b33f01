-- The owner's choice: urgent requests that arrive while the shop is open escalate as emergencies do.
ALTER TABLE escalation_steps ADD COLUMN urgent_in_shop_hours BOOLEAN NOT NULL DEFAULT FALSE;
