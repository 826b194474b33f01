import { Menu, Phone, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { BookingButton } from "../components/BookingButton";
import { SpokenLanguages } from "../components/SpokenLanguages";
import { useLayout } from "../lib/layout";
import { PhoneLink } from "../components/PhoneLink";

/** Past this many pixels of scroll the header turns white with a shadow. */
export const HEADER_SCROLL_THRESHOLD = 20;

const LINKS = [
  { to: "/", header: "Home", menu: "Home" },
  { to: "/services", header: "Services", menu: "Services" },
  { to: "/about", header: "About", menu: "About" },
  { to: "/service-areas", header: "Areas", menu: "Service Areas" },
  { to: "/blog", header: "Blog", menu: "Blog" },
  { to: "/contact", header: "Contact", menu: "Contact" },
];

export function Header() {
  const layout = useLayout();
  const [scrolled, setScrolled] = useState(false);
  const { pathname } = useLocation();
  // The page the menu was opened on: going to another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // An open menu closes on Escape (focus back on its button) and on a tap outside the header.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpenOn(null);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpenOn(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [menuOpen]);

  const solid = scrolled || menuOpen;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 font-medium transition-colors ${
      isActive ? (solid ? "text-orange-700" : "text-orange-500") : solid ? "text-slate-800 hover:text-orange-700" : "text-white hover:text-orange-300"
    }`;

  return (
    <header
      ref={headerRef}
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${solid ? "bg-white shadow-md" : "bg-transparent"}`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:h-20 lg:px-8">
        <Link to="/" className={`text-xl font-extrabold tracking-tight ${solid ? "text-slate-900" : "text-white"}`}>
          {layout.name}
        </Link>
        <SpokenLanguages className={`ml-3 hidden items-center gap-1.5 text-sm font-semibold xl:flex ${solid ? "text-slate-700" : "text-white"}`} />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={linkClass}>
              {link.header}
            </NavLink>
          ))}
          <PhoneLink
            className="ml-3 inline-flex items-center gap-2 rounded-lg bg-orange-700 px-4 py-2 font-semibold text-white hover:bg-orange-800"
            iconClassName="h-4 w-4"
          />
        </nav>
        {layout.phone && layout.phoneHref ? (
          <a
            href={layout.phoneHref}
            aria-label={`Call ${layout.phone}`}
            className="ml-auto mr-2 inline-flex h-10 w-10 items-center justify-center rounded-full bg-orange-700 text-white hover:bg-orange-800 lg:hidden"
          >
            <Phone aria-hidden="true" className="h-5 w-5" />
          </a>
        ) : (
          <span className="ml-auto lg:hidden" />
        )}
        <button
          ref={toggleRef}
          type="button"
          className={`rounded-md p-2 lg:hidden ${solid ? "text-slate-900" : "text-white"}`}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
        </button>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white lg:hidden">
        <nav aria-label="Menu" className="flex flex-col px-4 py-3">
          {LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === "/"}
              className={({ isActive }) => `rounded-md px-3 py-3 font-medium ${isActive ? "text-orange-700" : "text-slate-800"}`}
            >
              {link.menu}
            </NavLink>
          ))}
          <BookingButton onOpen={() => setMenuOpen(false)} className="mt-2 rounded-lg bg-orange-700 px-4 py-3 text-center font-semibold text-white">
            Book Service Now
          </BookingButton>
          <PhoneLink
            className="mt-2 flex items-center justify-center gap-2 rounded-lg px-4 py-3 font-semibold text-slate-900 ring-1 ring-slate-300"
            iconClassName="h-4 w-4"
          />
          <SpokenLanguages className="mt-2 flex items-center justify-center gap-1.5 text-sm font-semibold text-slate-700" />
        </nav>
      </div>
    </header>
  );
}
