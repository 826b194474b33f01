// The saved versions of the site details, newest first, each of which can be shown again.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminApi } from "../frame/api";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { useShopClock } from "../frame/format";
import { failureMessage, PLAIN_BUTTON, Section } from "../frame/form";
import { useSiteEditor } from "./SiteEditor";

export function VersionsSection() {
  const { dateTime } = useShopClock();
  const { version, changed, reload } = useSiteEditor();
  // Loaded again with each version the site shows (a save, a restore).
  const query = useQuery({ queryKey: keys.siteVersions(version), queryFn: adminApi.siteVersions });
  const [message, setMessage] = useState<string | null>(null);

  async function restore(id: number) {
    setMessage(null);
    try {
      const answer = await adminApi.restoreSiteVersion(id);
      await reload();
      setMessage(answer.summary ? `Version ${id} is shown again, as version ${answer.version}.` : `Version ${id} is what the site shows already.`);
    } catch (failure) {
      setMessage(failureMessage(failure));
    }
  }

  return (
    <Section title="Earlier versions">
      <p className="mt-1 text-sm text-slate-600">Every save is kept (the last 30). Restoring one saves it again as the newest version.</p>
      {changed && <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">You have unsaved changes: restoring a version replaces them.</p>}
      {message && (
        <p role="status" className="mt-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
          {message}
        </p>
      )}
      <Loaded query={query} what="The earlier versions" loading="Loading the earlier versions">
        {(versions) =>
          versions.length === 0 ? (
            <p className="mt-4 text-slate-700">Nothing saved yet: the site shows the content file it started with.</p>
          ) : (
            <ol className="mt-4 divide-y divide-slate-200">
              {versions.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium text-slate-900">
                      Version {entry.id}
                      {entry.id === version && (
                        <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">shown now</span>
                      )}
                    </p>
                    <p className="text-sm text-slate-700">{entry.summary}</p>
                    <p className="text-xs text-slate-600">
                      {dateTime(entry.savedAt)} by {entry.savedBy}
                    </p>
                  </div>
                  {entry.id !== version && (
                    <button type="button" className={PLAIN_BUTTON} onClick={() => void restore(entry.id)}>
                      Restore version {entry.id}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          )
        }
      </Loaded>
    </Section>
  );
}
