// What the pages tell the shop's Insights (POST /api/insights with navigator.sendBeacon, to the
// site itself): a page shown by an in-app navigation, that the first page's script ran, and the
// booking dialog's steps. No cookie and nothing in the browser's storage; nothing at all when
// the server does not count visits or the browser asks not to be tracked.
import { useCallback } from "react";
import { useLayout } from "./layout";

export type FunnelStep = { step: "opened" | "time" | "contact" } | { step: "answered"; question: number };

export type Beacon = { kind: "view" | "seen"; path: string } | ({ kind: "step"; page: string; button: string } & FunnelStep);

/** Whether the browser asks not to be tracked: Do Not Track or Global Privacy Control. */
export function declines(browser: { doNotTrack?: string | null; globalPrivacyControl?: boolean }): boolean {
  return browser.doNotTrack === "1" || browser.globalPrivacyControl === true;
}

/** Sends `beacon` when visits are counted and the browser does not decline. */
export function sendBeacon(counting: boolean, beacon: Beacon): void {
  if (!counting || typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return;
  if (declines(navigator as Navigator & { globalPrivacyControl?: boolean })) return;
  navigator.sendBeacon("/api/insights", JSON.stringify(beacon));
}

/** A function that sends a beacon as the layout says (whether visits are counted). */
export function useBeacon(): (beacon: Beacon) => void {
  const { counting } = useLayout();
  return useCallback((beacon: Beacon) => sendBeacon(counting, beacon), [counting]);
}
