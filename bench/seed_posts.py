"""Grows the sample posts in a trailerworks database to 50 published posts (for benchmarks)."""
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT title, slug, excerpt, content, featured_image, created_at FROM blog_posts").fetchall()
for copy in range(2, 11):
    for title, slug, excerpt, content, image, created in rows:
        db.execute(
            "INSERT INTO blog_posts (title, slug, excerpt, content, featured_image, published, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
            (f"{title} (part {copy})", f"{slug}-{copy}", excerpt, content, image, created, created),
        )
db.commit()
print(db.execute("SELECT COUNT(*) FROM blog_posts").fetchone()[0])
