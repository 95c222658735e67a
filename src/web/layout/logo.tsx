import content from "../../content/site.json";

/** The white wordmark, for the blue header and the navy footer. */
export function Logo({ className }: { className?: string }) {
  return (
    <img
      className={className}
      src="/logo.svg"
      alt={`${content.school.name} home page`}
      width="181"
      height="48"
    />
  );
}
