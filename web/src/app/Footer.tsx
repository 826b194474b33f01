import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { BookingButton } from "../components/BookingButton";
import { useLayout } from "../lib/layout";

/** The year never changes while a page is open. */
const noChange = () => () => undefined;

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/about", label: "About" },
  { to: "/service-areas", label: "Service Areas" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

export function Footer() {
  const layout = useLayout();
  // The cached page carries the year it was rendered in; the visitor's clock has the last word.
  const year = useSyncExternalStore(
    noChange,
    () => new Date().getFullYear(),
    () => layout.year,
  );
  const heading = "text-sm font-semibold uppercase tracking-wider text-orange-300";
  const link = "text-slate-300 hover:text-white";

  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-xl font-extrabold text-white">{layout.name}</p>
          <p className="mt-3 text-sm leading-relaxed">{layout.blurb}</p>
          <a href={layout.socialUrl} className={`mt-4 inline-block text-sm underline ${link}`} rel="noopener">
            {layout.socialLabel}
          </a>
        </div>
        <nav aria-label="Quick Links">
          <h2 className={heading}>Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {QUICK_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={link}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <h2 className={`${heading} mt-8`}>Our Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {layout.footerServices.map((service) => (
              <li key={service}>
                <Link to="/services" className={link}>
                  {service}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Service Areas">
          <h2 className={heading}>Service Areas</h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm md:grid-cols-1">
            {layout.footerAreas.map((area) => (
              <li key={area.slug}>
                <Link to={`/service-areas/${area.slug}`} className={link}>
                  {area.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {layout.phone && layout.phoneHref && (
              <li className="flex gap-2">
                <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <a href={layout.phoneHref} className={link}>
                  {layout.phone}
                </a>
              </li>
            )}
            {layout.email && (
              <li className="flex gap-2">
                <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <a href={`mailto:${layout.email}`} className={link}>
                  {layout.email}
                </a>
              </li>
            )}
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <address className="not-italic">
                {layout.address.street}
                <br />
                {layout.address.city}, {layout.address.region} {layout.address.postalCode}
              </address>
            </li>
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>
                {layout.hours.map((h) => (
                  <span key={h.days} className="block">
                    {h.days}: {h.short}
                  </span>
                ))}
                <span className="block font-semibold text-orange-300">{layout.emergency}</span>
              </span>
            </li>
          </ul>
          <BookingButton className="mt-6 inline-block rounded-lg bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800">
            Schedule Service
          </BookingButton>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>
            &copy; {year} {layout.name}. All rights reserved.
            {/* The page also says what the video and the browser's session storage do, so it is
                linked while visits are not counted too. */}{" "}
            <Link to="/how-we-count-visits" className={`ml-2 underline ${link}`}>
              {layout.counting ? "How we count visits" : "Privacy"}
            </Link>
          </p>
          <p>
            Website by{" "}
            <a href={layout.builderUrl} className={`underline ${link}`} rel="noopener">
              {layout.builderName}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
