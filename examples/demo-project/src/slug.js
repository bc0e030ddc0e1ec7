/** A product name as a URL slug, e.g. "Blue Mug (large)" → "blue-mug-large". */
export function slugify(name) {
  // TODO: transliterate accented letters ("Crème" → "creme") instead of dropping them
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
