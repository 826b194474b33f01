// The booking conversation kept for the tab (session storage): a refresh, or a page left and come
// back to, finds the answers and the typed contact fields where the visitor left them. Photos are
// files and are not kept. The conversation goes once it is sent or started over.
import type { Presets } from "../../lib/bookingDialog";
import type { BookingSource } from "../../lib/bookingSource";
import type { Kind as TimeKind } from "../../lib/api-schema";
import type { Answer, ChatMessage, NamedService } from "./chatScript";
import type { ContactFields } from "./contactValidation";

/** The time the visitor picked: kept while its answer stands. */
export interface Picked {
  question: string;
  label: string;
  kind: TimeKind;
  start: string;
}

export interface SavedConversation {
  /** The page and button that opened the dialog, and what that button knew. */
  source: BookingSource;
  presets: Presets;
  messages: ChatMessage[];
  answers: Answer[];
  named: NamedService | null;
  contact: ContactFields;
  picked: Picked | null;
  outsideArea: boolean;
}

const KEY = "trailerworks.booking.v1";

/** Storage may be off (a private window's quota, a blocked site): the conversation is then only
 * in memory, as before. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isMessage = (value: unknown): value is ChatMessage =>
  typeof value === "object" && value !== null && "from" in value && "text" in value && typeof value.text === "string";

/** What this tab keeps, as stored (a string, so React can compare it between renders). */
export function storedConversation(): string | null {
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** The conversation in `stored`, if it is one with an answer in it. */
export function savedConversation(stored: string | null): SavedConversation | null {
  if (!stored) return null;
  try {
    const saved = JSON.parse(stored) as SavedConversation;
    if (!Array.isArray(saved.messages) || !saved.messages.every(isMessage) || !Array.isArray(saved.answers) || saved.answers.length === 0) {
      return null;
    }
    return saved;
  } catch {
    return null;
  }
}

/** Keeps `conversation` for the tab; one with no answer yet is nothing to keep. */
export function saveConversation(conversation: SavedConversation) {
  try {
    if (conversation.answers.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(conversation));
  } catch {
    // Full or blocked storage: the conversation stays in memory only.
  }
}

export function forgetConversation() {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}
