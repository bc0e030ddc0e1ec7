/**
 * Text cut into rows of at most `width` characters, at spaces where it can be and inside a
 * word longer than a row; line breaks start new rows. Drawn one `Text` per row (with
 * truncation, never wrapping), a box's height is then known before Ink lays it out.
 */
export function textRows(text: string, width: number): string[] {
  const room = Math.max(1, width);
  return text.split("\n").flatMap((line) => lineRows(line, room));
}

function lineRows(line: string, width: number): string[] {
  const rows: string[] = [];
  let rest = [...line];
  while (rest.length > width) {
    const space = rest.lastIndexOf(" ", width);
    const cut = space > 0 ? space : width;
    rows.push(rest.slice(0, cut).join(""));
    rest = rest.slice(space > 0 ? cut + 1 : cut);
  }
  rows.push(rest.join(""));
  return rows;
}

/** Characters cut into rows of exactly `width` (code and diffs: spaces are content). */
export function hardRows(text: string, width: number): string[] {
  const chars = [...text];
  const room = Math.max(1, width);
  if (chars.length <= room) return [text];
  const rows: string[] = [];
  for (let at = 0; at < chars.length; at += room) rows.push(chars.slice(at, at + room).join(""));
  return rows;
}
