/**
 * Tags and variable names as typed (the screen splits on commas): trimmed, empties dropped, each once
 * (first spelling kept, compared case-insensitively).
 */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items.map((x) => x.trim()).filter(Boolean)) {
    if (seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}
