-- The featured image's description (alt text), for screen readers, search engines and shared
-- links; revisions keep it with the image.
ALTER TABLE blog_posts ADD COLUMN featured_image_alt TEXT;
ALTER TABLE post_revisions ADD COLUMN featured_image_alt TEXT;
