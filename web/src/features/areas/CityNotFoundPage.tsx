import { MapPinOff } from "lucide-react";
import { MissingPage } from "../../components/MissingPage";

export function CityNotFoundPage() {
  return (
    <MissingPage
      icon={MapPinOff}
      title="City Not Found"
      text="The service area you're looking for doesn't exist."
      back={{ to: "/service-areas", label: "View All Service Areas" }}
    />
  );
}
