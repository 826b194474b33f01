-- A request whose trailer is by a highway or a road with no city named ("I-70 mile marker 262"):
-- the crew finds it there; no city is claimed for it, and it is not outside the area.
ALTER TABLE bookings ADD COLUMN roadside BOOLEAN NOT NULL DEFAULT FALSE;
