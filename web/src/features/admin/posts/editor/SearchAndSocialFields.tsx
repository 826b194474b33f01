import type { PostDraft } from "../../frame/api";
import { TextArea } from "../../frame/form";
import { FeaturedImageField } from "../../frame/FeaturedImageField";

/** A post's own search description and social image; without them, the excerpt and the
 * featured image. */
export function SearchAndSocialFields({
  id,
  draft,
  errors,
  onChange,
}: {
  /** The description field's id. */
  id: string;
  draft: PostDraft;
  errors: { metaDescription?: string; socialImage?: string };
  onChange: (change: Partial<PostDraft>) => void;
}) {
  return (
    <>
      <TextArea
        id={id}
        label="Search description (optional)"
        error={errors.metaDescription}
        hint={`What search engines show under the title; empty uses the excerpt. ${draft.metaDescription.length}/300 characters.`}
        rows={2}
        value={draft.metaDescription}
        onChange={(event) => onChange({ metaDescription: event.target.value })}
      />
      <FeaturedImageField
        label="Social image (optional)"
        hint="What a link shared on Facebook or in a message shows; without one, the featured image."
        value={draft.socialImage}
        onChange={(socialImage) => onChange({ socialImage })}
      />
      {errors.socialImage && <p className="text-sm text-red-700">{errors.socialImage}</p>}
    </>
  );
}
