// A highlighted text the search answers (`title_html`, `excerpt_html`: escaped text with <mark>): rendered as text
// nodes and <mark> elements, never as HTML.
import { markedParts } from '@uc/shared';

export function MarkedText({ html }: { html: string }) {
  return (
    <>
      {markedParts(html).map((part, i) =>
        // The pieces of one fixed string: their order is their identity.
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
          <mark key={i}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
