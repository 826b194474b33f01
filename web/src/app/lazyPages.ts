// The browser's page components: each kind its own chunk, loaded when a page of that kind is
// first shown (the server names the first page's chunk in the document, so it arrives with the
// entry). The server finds each kind's chunk by its file's name, `{Kind}Page.tsx`.
import type { PageComponents, PageKind, PageSource } from "./pages";

const LOADERS: { [K in PageKind]: () => Promise<PageComponents[K]> } = {
  home: () => import("../features/home/HomePage").then((m) => m.HomePage),
  services: () => import("../features/services/ServicesPage").then((m) => m.ServicesPage),
  about: () => import("../features/about/AboutPage").then((m) => m.AboutPage),
  contact: () => import("../features/contact/ContactPage").then((m) => m.ContactPage),
  serviceAreas: () => import("../features/areas/ServiceAreasPage").then((m) => m.ServiceAreasPage),
  city: () => import("../features/areas/CityPage").then((m) => m.CityPage),
  cityNotFound: () => import("../features/areas/CityNotFoundPage").then((m) => m.CityNotFoundPage),
  thankYou: () => import("../features/booking/ThankYouPage").then((m) => m.ThankYouPage),
  manageBooking: () => import("../features/booking/ManageBookingPage").then((m) => m.ManageBookingPage),
  blog: () => import("../features/blog/BlogPage").then((m) => m.BlogPage),
  post: () => import("../features/blog/PostPage").then((m) => m.PostPage),
  postNotFound: () => import("../features/blog/PostNotFoundPage").then((m) => m.PostNotFoundPage),
  notFound: () => import("./NotFoundPage").then((m) => m.NotFoundPage),
  howWeCount: () => import("../features/privacy/HowWeCountPage").then((m) => m.HowWeCountPage),
  smsTerms: () => import("../features/privacy/SmsTermsPage").then((m) => m.SmsTermsPage),
};

export function lazyPages(): PageSource {
  const loaded: Partial<PageComponents> = {};
  const load = async <K extends PageKind>(kind: K) => {
    loaded[kind] ??= await LOADERS[kind]();
  };
  return { get: (kind) => loaded[kind], load };
}
