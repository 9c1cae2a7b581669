/**
 * The search keyword rule (SPEC.md §5), kept apart from validation.ts (which re-exports it) so that
 * the header's search box does not bring every form's rules and messages to the first screen.
 */

/** The keyword a search looks for: trimmed, or null when there is none and the search goes home. */
export function searchKeyword(typed: string): string | null {
  const keyword = typed.trim();
  return keyword === '' ? null : keyword;
}
