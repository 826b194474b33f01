"""Grows the sample posts in a trailerworks database to COUNT published posts (for benchmarks).

Usage: seed_posts.py DATABASE COUNT. The copies are spread six hours apart, newest now, like a
shop that has written for years; each keeps a sample post's content, image and excerpt.
"""
import datetime
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
count = int(sys.argv[2])
samples = db.execute("SELECT title, slug, excerpt, content, featured_image FROM blog_posts ORDER BY id").fetchall()
existing = db.execute("SELECT COUNT(*) FROM blog_posts").fetchone()[0]
now = datetime.datetime.now(datetime.timezone.utc)
rows = []
for n in range(existing, count):
    title, slug, excerpt, content, image = samples[n % len(samples)]
    created = (now - datetime.timedelta(hours=6 * (count - n))).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    rows.append((f"{title} (part {n})", f"{slug}-{n}", excerpt, content, image, created, created))
db.executemany(
    "INSERT INTO blog_posts (title, slug, excerpt, content, featured_image, published, created_at, updated_at)"
    " VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
    rows,
)
db.commit()
print(db.execute("SELECT COUNT(*) FROM blog_posts WHERE published = 1").fetchone()[0])
