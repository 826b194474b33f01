-- Scheduled posts are published by a job of the queue due at their time
-- (`blog::publisher::PublishDue`), written when the post is saved: the posts scheduled before
-- get theirs here. A job publishes every post whose time has come, so one each is enough.
INSERT INTO jobs (kind, payload, run_at, created_at)
SELECT 'publish-due', '{}', publish_at, updated_at
FROM blog_posts
WHERE publish_at IS NOT NULL AND published = FALSE AND deleted_at IS NULL;
