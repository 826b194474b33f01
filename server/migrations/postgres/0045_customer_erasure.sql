-- When the customer's personal data was erased at their request (`customers::privacy_store`):
-- the record and its requests stay, anonymised, so the shop's figures and times hold.
ALTER TABLE customers ADD COLUMN erased_at TIMESTAMPTZ;
