// The languages spoken at the shop besides the site's own, each announced in its own words
// ("Se habla español"), marked with its language for screen readers. Nothing when there is none.
import { Languages } from "lucide-react";
import { useLayout } from "../lib/layout";

export function SpokenLanguages({ className, iconClassName = "h-4 w-4" }: { className: string; iconClassName?: string }) {
  const { languages } = useLayout();
  const announced = languages.filter((language) => language.note);
  if (announced.length === 0) return null;
  return (
    <p className={className}>
      <Languages aria-hidden="true" className={iconClassName} />
      {announced.map((language, index) => (
        <span key={language.code} lang={language.code}>
          {index > 0 && " · "}
          {language.note}
        </span>
      ))}
    </p>
  );
}
