// What a photo of a job shows, in words: the team picks one as it takes the photo, and the
// customer's page says it under a photo the shop shared.
import type { PhotoLabel, PhotoRecord } from "./api-schema";

export const PHOTO_LABELS: Record<PhotoLabel, string> = {
  before: "Before",
  after: "After",
  damage: "Damage",
  "data-plate": "Data plate",
};

/** Who a photo is from, for its link's name on the customer's own page. */
export function photoFrom(photo: PhotoRecord): string {
  if (!photo.fromShop) return "you sent";
  return photo.label ? `from the shop (${PHOTO_LABELS[photo.label].toLowerCase()})` : "from the shop";
}
