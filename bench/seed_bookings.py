"""Adds COUNT bookings to a trailerworks database (for benchmarks), with their answers and search
rows, as a shop receiving about 20 a day would have them: spread over the past years, most done
(answered within minutes to a day), a few new, some urgent or emergencies, every fifth customer a
returning one.

Usage: seed_bookings.py DATABASE COUNT. Prints the inbox cursor of a booking near the end of
the inbox's order (for a deep page).
"""
import datetime
import random
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
count = int(sys.argv[2])
random.seed(25)
FIRST = ["Dana", "Chris", "Pat", "Sam", "Alex", "Jordan", "Casey", "Riley", "Morgan", "Taylor", "Jamie", "Drew"]
LAST = ["Hill", "Garcia", "Nguyen", "Lopez", "Brown", "Miller", "Davis", "Wilson", "Park", "Reyes"]
TRAILERS = ["Utility Trailer", "Dump Trailer", "Horse Trailer", "Car Hauler", "Enclosed Trailer", "Flatbed Trailer"]
SERVICES = ["Repairs needed", "Annual inspection", "Brakes", "Wiring and lights", "Customization"]
PAGES = ["/", "/services", "/contact", "/service-areas/aurora", "/service-areas/lakewood", "/blog/brake-check"]
now = datetime.datetime.now(datetime.timezone.utc)
bookings, answers, search = [], [], []
for n in range(count):
    created = (now - datetime.timedelta(minutes=72 * (count - n))).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    returning = n % 5 == 0
    customer = random.randint(0, 2000) if returning else n + 10000
    name = f"{FIRST[customer % len(FIRST)]} {LAST[customer // len(FIRST) % len(LAST)]}"
    email = f"customer{customer}@example.com"
    phone = f"(303) 555-{customer % 10000:04d}" if customer < 10000 else f"720-{customer // 10000 % 1000:03d}-{customer % 10000:04d}"
    recent = n > count - 60
    status = random.choice(["new", "contacted"]) if recent else random.choices(["done", "scheduled", "spam"], [90, 5, 5])[0]
    urgent = random.random() < 0.05
    emergency = urgent and random.random() < 0.3
    # A request that was answered, within minutes to a day of arriving.
    answered = None if status == "new" else (now - datetime.timedelta(minutes=72 * (count - n) - random.randint(5, 1440))).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    details = random.choice(["", "", "Wobbly wheel after the highway", "Lights out on the left side", "Needs a new floor"])
    picked = [random.choice(TRAILERS), random.choice(SERVICES), random.choice(["Can bring to shop", "Need mobile service"])]
    bookings.append((n + 1, f"seed-{n}", name, email, phone, details, details or "Booking request", status, "203.0.113.9", created, created, int(urgent), random.choice(PAGES), int(emergency), answered))
    for position, (question, answer) in enumerate(zip(["What type of trailer do you have?", "What service do you need?", "Do you need mobile service, or can you bring the trailer to our shop?"], picked)):
        answers.append((n + 1, position, question, answer))
    digits = "".join(c for c in phone if c.isdigit())
    search.append((n + 1, " ".join([name, email, digits, details, *picked]).lower()))
db.executemany(
    "INSERT INTO bookings (id, submission_id, name, email, phone, details, message, status, client_ip, created_at, updated_at, urgent, source_page,"
    " emergency, first_response_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    bookings,
)
db.executemany("INSERT INTO booking_answers (booking_id, position, question, answer) VALUES (?, ?, ?, ?)", answers)
db.executemany("INSERT INTO booking_search (booking_id, text) VALUES (?, ?)", search)
db.commit()
deep = db.execute(
    "SELECT (urgent AND status IN ('new', 'contacted')), id, created_at FROM bookings"
    " ORDER BY (urgent AND status IN ('new', 'contacted')) DESC, created_at DESC, id DESC LIMIT 1 OFFSET ?",
    (count * 95 // 100,),
).fetchone()
print(f"{deep[0]}.{deep[1]}.{deep[2]}")
