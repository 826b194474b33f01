import { Phone } from "lucide-react";
import { useLayout } from "../lib/layout";

interface Props {
  className: string;
  /** Words before the number, e.g. "Call". */
  prefix?: string;
  iconClassName?: string;
}

/** A tel: link to the business phone with a phone icon; nothing while the phone is a placeholder. */
export function PhoneLink({ className, prefix, iconClassName = "h-5 w-5" }: Props) {
  const layout = useLayout();
  if (!layout.phone || !layout.phoneHref) return null;
  return (
    <a href={layout.phoneHref} className={className}>
      <Phone aria-hidden="true" className={iconClassName} />
      {prefix ? `${prefix} ${layout.phone}` : layout.phone}
    </a>
  );
}
