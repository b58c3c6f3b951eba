/**
 * The URL segment of a provider or tag: its name in lower case with every space and slash turned
 * into a hyphen. The spec keeps one historical exception: the tag "Pokies" is routed as "Pokies tag".
 */
export function routeName(name: string): string {
  return name.toLowerCase().replace(/[\s/]/g, "-");
}

export function tagRouteName(name: string): string {
  if (name === "Pokies") return "Pokies tag";
  return routeName(name);
}

export const providerRouteName = routeName;

/** Human title from a route segment: "sweet-bonanza" → "Sweet Bonanza". */
export function titleFromRouteName(segment: string): string {
  return segment
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
