import { FileX } from "lucide-react";
import { MissingPage } from "../../components/MissingPage";

export function PostNotFoundPage() {
  return (
    <MissingPage icon={FileX} title="Post Not Found" text="The blog post you're looking for doesn't exist." back={{ to: "/blog", label: "Back to Blog" }} />
  );
}
