// A generated section of a hand-written file (README.md's address and gas tables): the text between
// a begin marker line and an end marker line belongs to a script, the rest to people.

/** `text` with what stands between `begin` and `end` replaced by `content`; throws when a marker is missing. */
export function withGeneratedSection(text, { begin, end, what }, content) {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${what} lacks its markers (${begin} … ${end})`);
  return `${text.slice(0, from + begin.length)}\n${content}\n${text.slice(to)}`;
}
