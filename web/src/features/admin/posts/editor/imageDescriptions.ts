// Descriptions (alt text) of a post's pictures: what the editor asks for when a picture goes in,
// and what publishing warns about when one is missing.

/** The pictures of a post that have no description. */
export interface MissingDescriptions {
  featured: boolean;
  /** How many pictures in the text have none. */
  inText: number;
}

/** Whether an image has a description worth reading. */
export function isDescribed(image: HTMLImageElement): boolean {
  return image.alt.trim() !== "";
}

export function missingDescriptions(post: { featuredImage: string | null; featuredImageAlt: string; content: string }): MissingDescriptions {
  const images = new DOMParser().parseFromString(post.content, "text/html").images;
  return {
    featured: post.featuredImage !== null && post.featuredImageAlt.trim() === "",
    inText: Array.from(images).filter((image) => !isDescribed(image)).length,
  };
}

/** "The featured image and 2 pictures in the text have no description", or null when all do. */
export function missingSentence({ featured, inText }: MissingDescriptions): string | null {
  const pictures = inText === 1 ? "1 picture in the text" : `${inText} pictures in the text`;
  if (featured && inText > 0) return `The featured image and ${pictures} have no description.`;
  if (featured) return "The featured image has no description.";
  if (inText > 0) return `${pictures.charAt(0).toUpperCase()}${pictures.slice(1)} ${inText === 1 ? "has" : "have"} no description.`;
  return null;
}
