"""Adds COUNT customers to a trailerworks database (for benchmarks), each with a phone, an
e-mail address, a trailer (VIN and plate) and REQUESTS requests attached, as the server would
have attached them; the customers list's search text is written as the server writes it.

Usage: seed_customers.py DATABASE COUNT REQUESTS. Prints one customer's VIN, for a search.
"""
import datetime
import random
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
count, per_customer = int(sys.argv[2]), int(sys.argv[3])
random.seed(63)
FIRST = ["Dana", "Chris", "Pat", "Sam", "Alex", "Jordan", "Casey", "Riley", "Morgan", "Taylor", "Jamie", "Drew"]
LAST = ["Hill", "Garcia", "Nguyen", "Lopez", "Brown", "Miller", "Davis", "Wilson", "Park", "Reyes"]
VIN_CHARS = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
now = datetime.datetime.now(datetime.timezone.utc)
stamp = lambda minutes: (now - datetime.timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
customers, searches, phones, emails, trailers, bookings = [], [], [], [], [], []
booking_id = db.execute("SELECT COALESCE(MAX(id), 0) FROM bookings").fetchone()[0]
for n in range(1, count + 1):
    name = f"{FIRST[n % len(FIRST)]} {LAST[n // len(FIRST) % len(LAST)]}"
    company = f"{LAST[n % len(LAST)]} Hauling" if n % 7 == 0 else ""
    national = f"{300 + n // 1_000_000 % 700:03d}{n // 10_000 % 1000:03d}{n % 10_000:04d}"
    email = f"customer{n}@example.com"
    vin = "1" + "".join(random.choice(VIN_CHARS) for _ in range(16))
    plate = f"{n % 1000:03d}-{chr(65 + n % 26)}{chr(65 + n // 26 % 26)}{chr(65 + n // 676 % 26)}"
    created = stamp(30 * (count - n) + 100_000)
    updated = stamp(30 * (count - n))
    search = " ".join([name.lower(), company.lower(), national, email, f"{vin} {plate}".lower()])
    customers.append((n, name, company, created, updated))
    searches.append((n, search))
    phones.append((national, n, f"({national[:3]}) {national[3:6]}-{national[6:]}", created))
    emails.append((email, n, email, created))
    trailers.append((n, n, "dump-trailer", vin, plate, "CO", created, created))
    for r in range(per_customer):
        booking_id += 1
        at = stamp(30 * (count - n) + r * 7)
        bookings.append((booking_id, f"cseed-{booking_id}", name, email, phones[-1][2], national, "Brakes", "Booking request",
                         "done", "203.0.113.9", at, at, n, n if r == 0 else None))
db.executemany("INSERT INTO customers (id, name, company, created_at, updated_at) VALUES (?, ?, ?, ?, ?)", customers)
db.executemany("INSERT INTO customer_search (rowid, text) VALUES (?, ?)", searches)
db.executemany("INSERT INTO customer_phones (national, customer_id, typed, added_at) VALUES (?, ?, ?, ?)", phones)
db.executemany("INSERT INTO customer_emails (address_key, customer_id, address, added_at) VALUES (?, ?, ?, ?)", emails)
db.executemany(
    "INSERT INTO trailers (id, customer_id, kind_key, vin, plate, plate_state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    trailers,
)
db.executemany(
    "INSERT INTO bookings (id, submission_id, name, email, phone, phone_national, details, message, status, client_ip,"
    " created_at, updated_at, customer_id, trailer_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    bookings,
)
db.commit()
print(trailers[count // 2][3])
