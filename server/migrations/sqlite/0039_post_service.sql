-- The service a blog post is about, as the services page names it: the booking button at the
-- post's end opens the assistant with it. NULL: the post names none.
ALTER TABLE blog_posts ADD COLUMN service TEXT;
