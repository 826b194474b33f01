"""Adds COUNT quotes to a trailerworks database (for benchmarks), one on each of the first COUNT
requests that have a customer (seed_customers.py makes them): one to three options of eight
lines each (labour at the quote's rate, parts, a trip fee, a discount, an optional part), a 25%
deposit, the rates of a shop near Denver kept on each, as the server keeps them.

Usage: seed_quotes.py DATABASE COUNT. Prints the first quote's id and its request's id.
"""
import datetime
import json
import random
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
count = int(sys.argv[2])
random.seed(61)
stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")
year = datetime.date.today().year
taxes = json.dumps([{"kind": kind, "rate": 8810 if kind in ("part", "supplies") else 0} for kind in ("labour", "part", "trip", "supplies", "fee")])
requests = db.execute("SELECT id, customer_id FROM bookings WHERE customer_id IS NOT NULL ORDER BY id LIMIT ?", (count,)).fetchall()
quotes, lines = [], []
quote_id = db.execute("SELECT COALESCE(MAX(id), 0) FROM quotes").fetchone()[0]
for n, (booking, customer) in enumerate(requests, start=1):
    quote_id += 1
    options = random.randint(1, 3)
    titles = json.dumps(["Good", "Better", "Best"][:options] if options > 1 else [""])
    quotes.append((quote_id, f"Q-{year}-{n:05d}", booking, customer, "draft", "standard", 12500, 14500, 5000, 3500, taxes, titles,
                   "percent", 0, 25000, "Thanks for asking: here is what the trailer needs.", stamp, stamp))
    for option in range(options):
        for position, (kind, description, quantity, price, optional) in enumerate([
            ("labour", "Inspect and adjust the brakes", 150, None, 0),
            ("labour", "Replace the bearings", 100 * random.randint(1, 4), None, 0),
            ("part", "Brake magnet, 12 in", 200, 4599, 0),
            ("part", "Bearing kit", 200, random.randint(1500, 4000), 0),
            ("part", "7-way plug", 100, 1850, 1),
            ("trip", "Trip fee, up to 25 miles", 100, 7500, 0),
            ("fee", "Tire disposal", 400, 500, 0),
            ("part", "Returning customer", 100, -1000, 0),
        ]):
            lines.append((quote_id, option, position, kind, description, quantity, price, optional))
db.executemany(
    "INSERT INTO quotes (id, number, booking_id, customer_id, state, rate, standard_rate, insurance_rate, supplies_rate,"
    " supplies_cap, tax_rates, option_titles, deposit_kind, deposit_amount, deposit_rate, message, created_at, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    quotes,
)
db.executemany(
    "INSERT INTO quote_lines (quote_id, option, position, kind, description, quantity, price, optional) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    lines,
)
db.commit()
print(quotes[0][0], quotes[0][2])
