import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Spinner } from "../../../../components/Spinner";
import { useEffect, useId, useMemo, useReducer, useRef } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { AdminShell } from "../../frame/AdminShell";
import { AdminApiError, adminApi, type PostDraft } from "../../frame/api";
import { Loaded } from "../../frame/Loaded";
import { LOADED_ON_OPENING, keys } from "../../frame/queries";
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
import { storedDraft, validatePost } from "./postRules";
import { Input, TextArea } from "../../frame/form";
import { UnsavedOffer } from "./UnsavedOffer";
import { EMPTY, editorReducer, opened, unsavedChanges, type DraftErrors, type Passed } from "./editorState";
import { SearchAndSocialFields } from "./SearchAndSocialFields";
import { ServiceField } from "./ServiceField";
import { forgetUnsaved, keepUnsaved, unsavedDraft } from "./unsaved";
import { RevisionHistory } from "./RevisionHistory";
import { ErrorNotice } from "../../frame/ErrorNotice";
import { useShopClock, wallClockName } from "../../frame/format";
import { useLayout } from "../../../../lib/layout";
import { DiscardGuard } from "../../frame/DiscardGuard";

const SAVE_FAILED = "Failed to save post. Please try again.";
/** How long typing pauses before the editor keeps a copy in this browser. */
const AUTOSAVE_AFTER_MS = 2000;
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

/** What the dashboard says after a save; `goesLive` is a scheduled post's time as the shop reads it. */
function savedMessage(as: SaveAs, wasLive: boolean, title: string, goesLive: string): string {
  if (as === "publish") return `${wasLive ? "Updated" : "Published"}: ${title}`;
  if (as === "schedule") return `Scheduled for ${goesLive}: ${title}`;
  return `${wasLive ? "Taken off the site" : "Saved as draft"}: ${title}`;
}

/** The editor of a new post (/dbadmin/posts/new) or of a stored one (/dbadmin/posts/edit/{id}),
 * once it is loaded; a post that is gone leads back to the dashboard. */
export function PostEditorPage() {
  const { id: idParam } = useParams();
  const postId = idParam === undefined ? null : Number(idParam);
  const { timeZone } = useLayout();
  // Loaded each time the editor opens, never behind the owner's back (a load would replace the draft).
  const query = useQuery({
    queryKey: keys.post(postId ?? 0),
    queryFn: () => adminApi.post(postId ?? 0),
    enabled: postId !== null,
    ...LOADED_ON_OPENING,
  });
  if (postId === null) return <PostEditor key="new" postId={null} post={EMPTY} />;
  if (query.data !== undefined && query.isFetchedAfterMount) return <PostEditor key={postId} postId={postId} post={storedDraft(query.data, timeZone)} />;
  if (query.error instanceof AdminApiError && query.error.status === 404) return <Navigate to="/dbadmin/dashboard" replace />;
  return (
    <AdminShell title="Loading the post">
      <Loaded query={query} what="The post" loading="Loading post">
        {() => !query.isError && <Spinner label="Loading post" />}
      </Loaded>
    </AdminShell>
  );
}

/** The editor on `post`: as stored, or empty for a new one. */
function PostEditor({ postId, post }: { postId: number | null; post: PostDraft }) {
  const { dateTime } = useShopClock();
  const { timeZone } = useLayout();
  const navigate = useNavigate();
  const client = useQueryClient();
  const ids = useId();
  const editor = useRef<RichTextHandle>(null);
  const [state, dispatch] = useReducer(editorReducer, null, () => opened(post, postId === null, unsavedDraft(postId)));
  const { draft, stored, errors, offer, question, saving } = state;
  const { featuredImage, featuredImageAlt, content } = draft;
  const missing = useMemo(() => missingDescriptions({ featuredImage, featuredImageAlt, content }), [featuredImage, featuredImageAlt, content]);
  const unsaved = unsavedChanges(state);

  useEffect(() => {
    if (saving.kind === "done") navigate("/dbadmin/dashboard", { state: { saved: saving.message } satisfies DashboardState });
  }, [saving, navigate]);

  // While there are unsaved changes, a copy is kept in this browser a moment after each change
  // (not while an older copy is still offered back, which it would replace).
  useEffect(() => {
    if (!unsaved || offer) return;
    const timer = window.setTimeout(() => keepUnsaved(postId, draft), AUTOSAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [unsaved, offer, draft, postId]);

  /** Saves as `as`. First, unless the owner already said to go ahead (`passed`): 'Draft' on a
   * live post asks before taking it off the site; hard-to-read text colours are pointed out;
   * publishing or scheduling asks about pictures without a description. */
  async function save(as: SaveAs, passed: Passed = []) {
    if (saving.kind === "saving") return;
    const toSave = { ...draft, published: as === "publish", publishAt: as === "schedule" ? draft.publishAt : null };
    const found: DraftErrors = validatePost(toSave);
    if (as === "schedule" && !draft.publishAt) found.publishAt = PICK_A_TIME;
    if (Object.keys(found).length > 0) {
      dispatch({ type: "refused", errors: found });
      focusFirstError(found);
      return;
    }
    const wasLive = stored.published;
    if (as === "draft" && wasLive && !passed.includes("offline")) {
      dispatch({ type: "ask", question: { kind: "check", as, passed: [...passed, "offline"], check: TAKE_OFF } });
      return;
    }
    const hardToRead = lowContrastParagraphs(draft.content);
    if (hardToRead.length > 0 && !passed.includes("contrast")) {
      const check = { ...LOW_CONTRAST, description: lowContrastSentence(hardToRead) };
      dispatch({ type: "ask", question: { kind: "check", as, passed: [...passed, "contrast"], check } });
      return;
    }
    const sentence = missingSentence(missing);
    if (as !== "draft" && sentence && !passed.includes("descriptions")) {
      dispatch({ type: "ask", question: { kind: "descriptions", as, sentence, passed: [...passed, "descriptions"] } });
      return;
    }
    dispatch({ type: "saving", as });
    try {
      if (postId === null) await adminApi.createPost(toSave);
      else await adminApi.updatePost(postId, toSave);
      forgetUnsaved(postId);
      // The dashboard's lists are loaded afresh, never shown as they were before this save.
      client.removeQueries({ queryKey: keys.allPosts });
      dispatch({ type: "done", message: savedMessage(as, wasLive, toSave.title.trim(), toSave.publishAt ? wallClockName(toSave.publishAt) : "") });
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.status === 422) {
        const fromServer = Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, messages]) => [field, messages[0]]));
        dispatch({ type: "refused", errors: fromServer });
        focusFirstError(fromServer);
        return;
      }
      if (failure instanceof AdminApiError && failure.status === 401) keepUnsaved(postId, toSave);
      console.error("Failed to save the post", failure);
      dispatch({ type: "failed", message: SAVE_FAILED });
    }
  }

  const field = (name: keyof DraftErrors) => `${ids}-${name}`;
  const edit = (change: Partial<PostDraft>) => dispatch({ type: "edit", change });

  /** Puts the focus on the first field with an error, so screen readers read it with its message. */
  function focusFirstError(found: DraftErrors) {
    const order = ["title", "slug", "excerpt", "featuredImageAlt", "publishAt", "metaDescription"] as const;
    const first = order.find((name) => found[name]);
    if (first) window.setTimeout(() => document.getElementById(field(first))?.focus(), 0);
    else if (found.content) editor.current?.focus();
  }

  /** The owner chose to describe the missing pictures: those in the text one by one, else the
   * featured image's field. */
  function addDescriptions() {
    dispatch({ type: "answered" });
    if (missing.inText > 0) editor.current?.describeMissing();
    else window.setTimeout(() => document.getElementById(field("featuredImageAlt"))?.focus(), 0);
  }

  /** The owner said to go ahead with the save the question held. */
  function goAhead() {
    dispatch({ type: "answered" });
    if (question) void save(question.as, question.passed);
  }

  return (
    <AdminShell title={postId === null ? "New post" : `Edit: ${draft.title || "post"}`}>
      <DiscardGuard unsaved={unsaved} onDiscard={() => forgetUnsaved(postId)} />
      <MissingDescriptionsDialog
        ask={question?.kind === "descriptions" ? { sentence: question.sentence, schedule: question.as === "schedule" } : null}
        onAdd={addDescriptions}
        onGoAhead={goAhead}
        onCancel={() => dispatch({ type: "answered" })}
      />
      <SaveCheckDialog check={question?.kind === "check" ? question.check : null} onGoAhead={goAhead} onStay={() => dispatch({ type: "answered" })} />
      <EditorHeader
        isNew={postId === null}
        publishedSlug={stored.published ? stored.slug : null}
        view={state.view}
        onView={(view) => dispatch({ type: "view", view })}
        saving={saving.kind === "saving" ? saving.as : null}
        onSave={(as) => void save(as)}
      />

      {offer && (
        <UnsavedOffer
          at={offer.at}
          onRestore={() => dispatch({ type: "restore" })}
          onDiscard={() => {
            forgetUnsaved(postId);
            dispatch({ type: "dropOffer" });
          }}
        />
      )}
      {state.notice && (
        <p role="status" className="mt-4 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {state.notice}
        </p>
      )}

      {state.view === "preview" ? (
        <div className="mt-6">
          <PostPreview draft={draft} postId={postId} />
        </div>
      ) : (
        <section aria-labelledby={`${ids}-details`} className="mt-6 space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id={`${ids}-details`} className="text-lg font-semibold text-slate-900">
            Post Details
          </h2>
          <Input
            id={field("title")}
            label="Title"
            error={errors.title}
            value={draft.title}
            onChange={(event) => dispatch({ type: "title", title: event.target.value })}
          />
          <Input
            id={field("slug")}
            label="URL Slug"
            error={errors.slug}
            hint={`/blog/${draft.slug}`}
            value={draft.slug}
            onChange={(event) => dispatch({ type: "slug", slug: event.target.value })}
          />
          <TextArea
            id={field("excerpt")}
            label="Excerpt"
            error={errors.excerpt}
            rows={3}
            value={draft.excerpt}
            onChange={(event) => edit({ excerpt: event.target.value })}
          />
          <FeaturedImageField
            value={draft.featuredImage}
            onChange={(featuredImage) => edit({ featuredImage })}
            description={{
              id: field("featuredImageAlt"),
              value: draft.featuredImageAlt,
              onChange: (featuredImageAlt) => edit({ featuredImageAlt }),
              error: errors.featuredImageAlt,
            }}
          />
          {errors.featuredImage && <p className="text-sm text-red-700">{errors.featuredImage}</p>}
          <Input
            id={field("publishAt")}
            label={`Go live at (shop time, ${timeZone})`}
            error={errors.publishAt}
            hint={
              stored.publishAt && !stored.published
                ? `Scheduled to go live ${wallClockName(stored.publishAt)}. Press Schedule after changing the time, or Draft to cancel it.`
                : "For the Schedule button: the post goes live by itself at this time."
            }
            type="datetime-local"
            value={draft.publishAt ?? ""}
            onChange={(event) => edit({ publishAt: event.target.value || null })}
            className="max-w-xs"
          />
          <ContentField
            id={field("content")}
            value={draft.content}
            onChange={(content) => edit({ content })}
            error={errors.content}
            missingInText={missing.inText}
            editor={editor}
          />
          <ServiceField id={field("service")} value={draft.service} error={errors.service} onChange={(service) => edit({ service })} />
          <SearchAndSocialFields id={field("metaDescription")} draft={draft} errors={errors} onChange={edit} />
          {postId !== null && (
            <RevisionHistory
              postId={postId}
              onLoad={(revision) =>
                dispatch({
                  type: "revision",
                  change: {
                    title: revision.title,
                    slug: revision.slug,
                    excerpt: revision.excerpt,
                    content: revision.content,
                    featuredImage: revision.featuredImage,
                    featuredImageAlt: revision.featuredImageAlt ?? "",
                  },
                  notice: `Loaded the version saved ${dateTime(revision.savedAt)}. Save to keep it; leave without saving to keep the current one.`,
                })
              }
            />
          )}
        </section>
      )}

      {saving.kind === "failed" && <ErrorNotice className="mt-6">{saving.message}</ErrorNotice>}
    </AdminShell>
  );
}
