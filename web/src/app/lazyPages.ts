// The browser's page components: each kind its own chunk, loaded when a page of that kind is
// first shown (the server names the first page's chunk in the document, so it arrives with the
// entry).
import type { ComponentType } from "react";
import type { PageKind, PageSource } from "./pages";

type Loaded = ComponentType<{ data: never }>;

const LOADERS: Record<PageKind, () => Promise<Loaded>> = {
  home: () => import("../features/home/HomePage").then((m) => m.HomePage as Loaded),
  services: () => import("../features/services/ServicesPage").then((m) => m.ServicesPage as Loaded),
  about: () => import("../features/about/AboutPage").then((m) => m.AboutPage as Loaded),
  contact: () => import("../features/contact/ContactPage").then((m) => m.ContactPage as Loaded),
  serviceAreas: () => import("../features/areas/ServiceAreasPage").then((m) => m.ServiceAreasPage as Loaded),
  city: () => import("../features/areas/CityPage").then((m) => m.CityPage as Loaded),
  cityNotFound: () => import("../features/areas/CityNotFoundPage").then((m) => m.CityNotFoundPage as Loaded),
  thankYou: () => import("../features/booking/ThankYouPage").then((m) => m.ThankYouPage as Loaded),
  manageBooking: () => import("../features/booking/ManageBookingPage").then((m) => m.ManageBookingPage as Loaded),
  blog: () => import("../features/blog/BlogPage").then((m) => m.BlogPage as Loaded),
  post: () => import("../features/blog/PostPage").then((m) => m.PostPage as Loaded),
  postNotFound: () => import("../features/blog/PostNotFoundPage").then((m) => m.PostNotFoundPage as Loaded),
  notFound: () => import("./NotFoundPage").then((m) => m.NotFoundPage as Loaded),
  howWeCount: () => import("../features/privacy/HowWeCountPage").then((m) => m.HowWeCountPage as Loaded),
};

export function lazyPages(): PageSource {
  const loaded = new Map<PageKind, Loaded>();
  return {
    get: (kind) => loaded.get(kind),
    load: async (kind) => {
      if (!loaded.has(kind)) loaded.set(kind, await LOADERS[kind]());
    },
  };
}
