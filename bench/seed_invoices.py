"""Adds COUNT issued invoices to a trailerworks database (for benchmarks), one on each of the
first COUNT requests that have a customer (seed_customers.py makes them): eight lines each
(labour at the invoice's rate, parts, a trip fee, a fee, a discount), issued over the past year
and due 14 days later, numbered in order; two in five paid in full, one in five in part (cash,
check or card), the rest unpaid, so the overdue list is long.

Usage: seed_invoices.py DATABASE COUNT. Prints the first invoice's id.
"""
import datetime
import json
import random
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
count = int(sys.argv[2])
random.seed(62)
now = datetime.datetime.now(datetime.timezone.utc)
stamp = lambda at: at.strftime("%Y-%m-%dT%H:%M:%S.000Z")
taxes = json.dumps([{"kind": kind, "rate": 8810 if kind in ("part", "supplies") else 0} for kind in ("labour", "part", "trip", "supplies", "fee")])
requests = db.execute("SELECT id, customer_id, trailer_id FROM bookings WHERE customer_id IS NOT NULL ORDER BY id LIMIT ?", (count,)).fetchall()
invoice_id = db.execute("SELECT COALESCE(MAX(id), 0) FROM invoices").fetchone()[0]
payment_id = db.execute("SELECT COALESCE(MAX(id), 0) FROM payments").fetchone()[0]
numbers = {}
invoices, lines, payments = [], [], []
for n, (booking, customer, trailer) in enumerate(requests):
    invoice_id += 1
    issued = now - datetime.timedelta(minutes=52 * (count - n))
    year = issued.year
    numbers[year] = numbers.get(year, 0) + 1
    labour = 12500 * (150 + 100 * random.randint(1, 4)) // 100
    parts = 2 * 4599 + 2 * random.randint(1500, 4000) - 1000
    total = labour + parts + parts * 881 // 10000 + 7500 + 2000
    invoices.append((invoice_id, f"INV-{year}-{numbers[year]:04d}", booking, customer, trailer, "issued", "standard", 12500, 14500,
                     5000, 3500, taxes, "Thank you for your business.", 14, total, stamp(issued),
                     stamp(issued + datetime.timedelta(days=14)), stamp(issued), stamp(issued), stamp(issued)))
    for position, (kind, description, quantity, price) in enumerate([
        ("labour", "Inspect and adjust the brakes", 150, None),
        ("labour", "Replace the bearings", 100 * random.randint(1, 4), None),
        ("part", "Brake magnet, 12 in", 200, 4599),
        ("part", "Bearing kit", 200, random.randint(1500, 4000)),
        ("trip", "Trip fee, up to 25 miles", 100, 7500),
        ("fee", "Tire disposal", 400, 500),
        ("part", "Returning customer", 100, -1000),
        ("part", "Grease", 100, 0),
    ]):
        lines.append((invoice_id, position, kind, description, quantity, price))
    paid = random.random()
    if paid < 0.6:
        payment_id += 1
        amount = total if paid < 0.4 else total // 2
        paid_at = stamp(issued + datetime.timedelta(days=random.randint(0, 20)))
        payments.append((payment_id, booking, invoice_id, random.choice(["cash", "check", "card"]), amount, paid_at))
db.executemany(
    "INSERT INTO invoices (id, number, booking_id, customer_id, trailer_id, state, rate, standard_rate, insurance_rate,"
    " supplies_rate, supplies_cap, tax_rates, message, due_days, total, issued_at, due_at, emailed_at, created_at, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    invoices,
)
db.executemany(
    "INSERT INTO invoice_lines (invoice_id, position, kind, description, quantity, price) VALUES (?, ?, ?, ?, ?, ?)",
    lines,
)
db.executemany("INSERT INTO payments (id, booking_id, invoice_id, method, amount, paid_at) VALUES (?, ?, ?, ?, ?, ?)", payments)
db.executemany("INSERT INTO invoice_numbers (year, last) VALUES (?, ?)", numbers.items())
db.commit()
print(invoices[0][0])
