// Every page component, imported at once: the server renders any page on demand.
import { AboutPage } from "../features/about/AboutPage";
import { CityNotFoundPage } from "../features/areas/CityNotFoundPage";
import { CityPage } from "../features/areas/CityPage";
import { ServiceAreasPage } from "../features/areas/ServiceAreasPage";
import { BlogPage } from "../features/blog/BlogPage";
import { PostNotFoundPage } from "../features/blog/PostNotFoundPage";
import { PostPage } from "../features/blog/PostPage";
import { ManageBookingPage } from "../features/booking/ManageBookingPage";
import { ThankYouPage } from "../features/booking/ThankYouPage";
import { ContactPage } from "../features/contact/ContactPage";
import { HomePage } from "../features/home/HomePage";
import { HowWeCountPage } from "../features/privacy/HowWeCountPage";
import { SmsTermsPage } from "../features/privacy/SmsTermsPage";
import { ServicesPage } from "../features/services/ServicesPage";
import { NotFoundPage } from "./NotFoundPage";
import type { PageComponents } from "./pages";

export const ALL_PAGES: PageComponents = {
  home: HomePage,
  services: ServicesPage,
  about: AboutPage,
  contact: ContactPage,
  serviceAreas: ServiceAreasPage,
  city: CityPage,
  cityNotFound: CityNotFoundPage,
  thankYou: ThankYouPage,
  manageBooking: ManageBookingPage,
  blog: BlogPage,
  post: PostPage,
  postNotFound: PostNotFoundPage,
  notFound: NotFoundPage,
  howWeCount: HowWeCountPage,
  smsTerms: SmsTermsPage,
};
