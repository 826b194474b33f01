import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Spinner } from "../../../../components/Spinner";
import { AdminShell } from "../../frame/AdminShell";
import { AdminApiError, adminApi, type PostDraft } from "../../frame/api";
import { FeaturedImageField } from "../../frame/FeaturedImageField";
import { PostPreview } from "./PostPreview";
import type { RichTextHandle } from "./RichTextEditor";
import { ContentField } from "./ContentField";
import { EditorHeader, type SaveAs } from "./EditorHeader";
import { MissingDescriptionsDialog } from "./MissingDescriptionsDialog";
import { SaveCheckDialog, type SaveCheck } from "./SaveCheckDialog";
import { lowContrastParagraphs, lowContrastSentence } from "./contrast";
import type { DashboardState } from "../DashboardPage";
import { missingDescriptions, missingSentence } from "./imageDescriptions";
import { sameDraft, storedDraft, validatePost, type PostErrors } from "./postRules";
import { Field, describedBy, fieldClass } from "../../frame/form";
import { UnsavedOffer } from "./UnsavedOffer";
import { SearchAndSocialFields } from "./SearchAndSocialFields";
import { forgetUnsaved, keepUnsaved, unsavedDraft, type KeptDraft } from "./unsaved";
import { RevisionHistory } from "./RevisionHistory";
import { ErrorNotice } from "../../frame/ErrorNotice";
import { useShopClock, wallClockName } from "../../frame/format";
import { useLayout } from "../../../../lib/layout";
import { slugify } from "../../frame/slug";
import { DiscardGuard } from "../../frame/DiscardGuard";

const SAVE_FAILED = "Failed to save post. Please try again.";
const RESTORED = "Your unsaved changes are back. Save them when ready.";
/** How long typing pauses before the editor keeps a copy in this browser. */
const AUTOSAVE_AFTER_MS = 2000;
const EMPTY: PostDraft = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  featuredImage: null,
  featuredImageAlt: "",
  published: false,
  publishAt: null,
  metaDescription: "",
  socialImage: null,
};
const PICK_A_TIME = "Pick a date and time to schedule the post";
const TAKE_OFF: SaveCheck = {
  title: "Take this post off the site?",
  description: "It will be saved as a draft.",
  goAhead: "Take it off the site",
  stay: "Cancel",
  recommended: "goAhead",
};
const LOW_CONTRAST: Omit<SaveCheck, "description"> = {
  title: "Some text may be hard to read",
  goAhead: "Save anyway",
  stay: "Change the colours",
  recommended: "stay",
};

/** The questions the owner has already answered 'go ahead' to, for one save. */
type Passed = ("offline" | "contrast" | "descriptions")[];

/** What the dashboard says after a save; `goesLive` is a scheduled post's time as the shop reads it. */
function savedMessage(as: SaveAs, wasLive: boolean, title: string, goesLive: string): string {
  if (as === "publish") return `${wasLive ? "Updated" : "Published"}: ${title}`;
  if (as === "schedule") return `Scheduled for ${goesLive}: ${title}`;
  return `${wasLive ? "Taken off the site" : "Saved as draft"}: ${title}`;
}

export function PostEditorPage() {
  const { dateTime } = useShopClock();
  const { id: idParam } = useParams();
  const postId = idParam === undefined ? null : Number(idParam);
  const navigate = useNavigate();
  const ids = useId();
  /** Unsaved changes kept from an earlier visit, offered back until restored or discarded. */
  const [offer, setOffer] = useState<KeptDraft | null>(() => (postId === null ? unsavedDraft(null) : null));
  const [draft, setDraft] = useState<PostDraft | null>(postId === null ? EMPTY : null);
  /** The post as stored (or empty for a new one): the editor has unsaved changes when the draft differs. */
  const [stored, setStored] = useState<PostDraft | null>(postId === null ? EMPTY : null);
  /** Set once a save went through, to what the dashboard says about it: the editor then goes
   * back to the dashboard without asking. */
  const [done, setDone] = useState<string | null>(null);
  const [slugByHand, setSlugByHand] = useState(postId !== null);
  const [view, setView] = useState<"compose" | "preview">("compose");
  const [errors, setErrors] = useState<
    PostErrors & { featuredImage?: string; featuredImageAlt?: string; publishAt?: string; metaDescription?: string; socialImage?: string }
  >({});
  const [saving, setSaving] = useState<SaveAs | null>(null);
  const { timeZone } = useLayout();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const editor = useRef<RichTextHandle>(null);
  /** Publishing or scheduling waits on this question while pictures have no description. */
  const [askMissing, setAskMissing] = useState<{ as: SaveAs; sentence: string; passed: Passed } | null>(null);
  /** A save waits on this question (taking the post off the site, hard-to-read colours). */
  const [asking, setAsking] = useState<{ as: SaveAs; check: SaveCheck; passed: Passed } | null>(null);
  const [featuredImage, featuredImageAlt, content] = [draft?.featuredImage ?? null, draft?.featuredImageAlt ?? "", draft?.content ?? ""];
  const missing = useMemo(() => missingDescriptions({ featuredImage, featuredImageAlt, content }), [featuredImage, featuredImageAlt, content]);

  useEffect(() => {
    if (postId === null) return;
    let cancelled = false;
    adminApi.post(postId).then(
      (post) => {
        if (cancelled) return;
        const asStored = storedDraft(post, timeZone);
        setStored(asStored);
        setDraft(asStored);
        const kept = unsavedDraft(postId);
        if (kept && !sameDraft(kept.draft, asStored)) setOffer(kept);
      },
      (failure: unknown) => {
        console.error("Failed to load the post", failure);
        if (!cancelled) navigate("/dbadmin/dashboard", { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [postId, navigate, timeZone]);

  useEffect(() => {
    if (done !== null) navigate("/dbadmin/dashboard", { state: { saved: done } satisfies DashboardState });
  }, [done, navigate]);

  const unsaved = done === null && draft !== null && stored !== null && !sameDraft(draft, stored);

  // While there are unsaved changes, a copy is kept in this browser a moment after each change
  // (not while an older copy is still offered back, which it would replace).
  useEffect(() => {
    if (!unsaved || offer || !draft) return;
    const timer = window.setTimeout(() => keepUnsaved(postId, draft), AUTOSAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [unsaved, offer, draft, postId]);

  if (!draft) {
    return (
      <AdminShell title="Loading the post">
        <Spinner label="Loading post" />
      </AdminShell>
    );
  }

  /** Changes fields of the draft; an error shown under a changed field goes (docs/product.md section 5). */
  function update(change: Partial<PostDraft>) {
    setDraft((current) => (current ? { ...current, ...change } : current));
    setErrors((current) => {
      const changed = Object.keys(change);
      if (!changed.some((name) => name in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([name]) => !changed.includes(name)));
    });
  }

  function changeTitle(title: string) {
    update(slugByHand ? { title } : { title, slug: slugify(title) });
  }

  /** Saves as `as`. First, unless the owner already said to go ahead (`passed`): 'Draft' on a
   * live post asks before taking it off the site; hard-to-read text colours are pointed out;
   * publishing or scheduling asks about pictures without a description. */
  async function save(as: SaveAs, passed: Passed = []) {
    if (!draft || saving) return;
    const published = as === "publish";
    const toSave = { ...draft, published, publishAt: as === "schedule" ? draft.publishAt : null };
    const found: typeof errors = validatePost(toSave);
    if (as === "schedule" && !draft.publishAt) found.publishAt = PICK_A_TIME;
    setErrors(found);
    setSaveError(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    const wasLive = stored?.published === true;
    if (as === "draft" && wasLive && !passed.includes("offline")) {
      setAsking({ as, passed: [...passed, "offline"], check: TAKE_OFF });
      return;
    }
    const hardToRead = lowContrastParagraphs(draft.content);
    if (hardToRead.length > 0 && !passed.includes("contrast")) {
      setAsking({ as, passed: [...passed, "contrast"], check: { ...LOW_CONTRAST, description: lowContrastSentence(hardToRead) } });
      return;
    }
    const sentence = missingSentence(missing);
    if (as !== "draft" && sentence && !passed.includes("descriptions")) {
      setAskMissing({ as, sentence, passed: [...passed, "descriptions"] });
      return;
    }
    setSaving(as);
    try {
      if (postId === null) await adminApi.createPost(toSave);
      else await adminApi.updatePost(postId, toSave);
      forgetUnsaved(postId);
      setDone(savedMessage(as, wasLive, toSave.title.trim(), toSave.publishAt ? wallClockName(toSave.publishAt) : ""));
    } catch (failure) {
      setSaving(null);
      if (failure instanceof AdminApiError && failure.status === 422) {
        const fields = failure.fieldErrors;
        const fromServer = Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0]]));
        setErrors(fromServer);
        focusFirstError(fromServer);
        return;
      }
      if (failure instanceof AdminApiError && failure.status === 401) keepUnsaved(postId, toSave);
      console.error("Failed to save the post", failure);
      setSaveError(SAVE_FAILED);
    }
  }

  const field = (name: keyof typeof errors) => `${ids}-${name}`;

  /** Puts the focus on the first field with an error, so screen readers read it with its message. */
  function focusFirstError(found: typeof errors) {
    const order = ["title", "slug", "excerpt", "featuredImageAlt", "publishAt", "metaDescription"] as const;
    const first = order.find((name) => found[name]);
    if (first) window.setTimeout(() => document.getElementById(field(first))?.focus(), 0);
    else if (found.content) editor.current?.focus();
  }

  /** The owner chose to describe the missing pictures: those in the text one by one, else the
   * featured image's field. */
  function addDescriptions() {
    setAskMissing(null);
    if (missing.inText > 0) editor.current?.describeMissing();
    else window.setTimeout(() => document.getElementById(field("featuredImageAlt"))?.focus(), 0);
  }

  return (
    <AdminShell title={postId === null ? "New post" : `Edit: ${draft.title || "post"}`}>
      <DiscardGuard unsaved={unsaved} onDiscard={() => forgetUnsaved(postId)} />
      <MissingDescriptionsDialog
        ask={askMissing && { sentence: askMissing.sentence, schedule: askMissing.as === "schedule" }}
        onAdd={addDescriptions}
        onGoAhead={() => {
          setAskMissing(null);
          if (askMissing) void save(askMissing.as, askMissing.passed);
        }}
        onCancel={() => setAskMissing(null)}
      />
      <SaveCheckDialog
        check={asking?.check ?? null}
        onGoAhead={() => {
          setAsking(null);
          if (asking) void save(asking.as, asking.passed);
        }}
        onStay={() => setAsking(null)}
      />
      <EditorHeader
        isNew={postId === null}
        publishedSlug={stored?.published ? stored.slug : null}
        view={view}
        onView={setView}
        saving={saving}
        onSave={(as) => void save(as)}
      />

      {offer && (
        <UnsavedOffer
          at={offer.at}
          onRestore={() => {
            update(offer.draft);
            setOffer(null);
            setNotice(RESTORED);
          }}
          onDiscard={() => {
            forgetUnsaved(postId);
            setOffer(null);
          }}
        />
      )}
      {notice && (
        <p role="status" className="mt-4 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {notice}
        </p>
      )}

      {view === "preview" ? (
        <div className="mt-6">
          <PostPreview draft={draft} postId={postId} />
        </div>
      ) : (
        <section aria-labelledby={`${ids}-details`} className="mt-6 space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id={`${ids}-details`} className="text-lg font-semibold text-slate-900">
            Post Details
          </h2>
          <Field id={field("title")} label="Title" error={errors.title}>
            <input
              id={field("title")}
              value={draft.title}
              onChange={(event) => changeTitle(event.target.value)}
              aria-invalid={Boolean(errors.title)}
              aria-describedby={describedBy(field("title"), false, errors.title)}
              className={fieldClass(errors.title)}
            />
          </Field>
          <Field id={field("slug")} label="URL Slug" error={errors.slug} hint={`/blog/${draft.slug}`}>
            <input
              id={field("slug")}
              value={draft.slug}
              onChange={(event) => {
                setSlugByHand(true);
                update({ slug: event.target.value });
              }}
              aria-invalid={Boolean(errors.slug)}
              aria-describedby={describedBy(field("slug"), true, errors.slug)}
              className={fieldClass(errors.slug)}
            />
          </Field>
          <Field id={field("excerpt")} label="Excerpt" error={errors.excerpt}>
            <textarea
              id={field("excerpt")}
              rows={3}
              value={draft.excerpt}
              onChange={(event) => update({ excerpt: event.target.value })}
              aria-invalid={Boolean(errors.excerpt)}
              aria-describedby={describedBy(field("excerpt"), false, errors.excerpt)}
              className={fieldClass(errors.excerpt)}
            />
          </Field>
          <FeaturedImageField
            value={draft.featuredImage}
            onChange={(featuredImage) => update({ featuredImage })}
            description={{
              id: field("featuredImageAlt"),
              value: draft.featuredImageAlt,
              onChange: (featuredImageAlt) => update({ featuredImageAlt }),
              error: errors.featuredImageAlt,
            }}
          />
          {errors.featuredImage && <p className="text-sm text-red-700">{errors.featuredImage}</p>}
          <Field
            id={field("publishAt")}
            label={`Go live at (shop time, ${timeZone})`}
            error={errors.publishAt}
            hint={
              stored?.publishAt && !stored.published
                ? `Scheduled to go live ${wallClockName(stored.publishAt)}. Press Schedule after changing the time, or Draft to cancel it.`
                : "For the Schedule button: the post goes live by itself at this time."
            }
          >
            <input
              id={field("publishAt")}
              type="datetime-local"
              value={draft.publishAt ?? ""}
              onChange={(event) => update({ publishAt: event.target.value || null })}
              aria-invalid={Boolean(errors.publishAt)}
              aria-describedby={describedBy(field("publishAt"), true, errors.publishAt)}
              className={`${fieldClass(errors.publishAt)} max-w-xs`}
            />
          </Field>
          <ContentField
            id={field("content")}
            value={draft.content}
            onChange={(content) => update({ content })}
            error={errors.content}
            missingInText={missing.inText}
            editor={editor}
          />
          <SearchAndSocialFields id={field("metaDescription")} draft={draft} errors={errors} onChange={update} />
          {postId !== null && (
            <RevisionHistory
              postId={postId}
              onLoad={(revision) => {
                update({
                  title: revision.title,
                  slug: revision.slug,
                  excerpt: revision.excerpt,
                  content: revision.content,
                  featuredImage: revision.featuredImage,
                  featuredImageAlt: revision.featuredImageAlt ?? "",
                });
                setSlugByHand(true);
                setNotice(`Loaded the version saved ${dateTime(revision.savedAt)}. Save to keep it; leave without saving to keep the current one.`);
              }}
            />
          )}
        </section>
      )}

      {saveError && <ErrorNotice className="mt-6">{saveError}</ErrorNotice>}
    </AdminShell>
  );
}
