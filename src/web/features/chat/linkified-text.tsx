import { splitLinks, type TextPart } from './linkify.ts';

function Part({ part }: { part: TextPart }) {
  if (part.kind === 'text') return <span>{part.text}</span>;
  return (
    <a
      href={part.href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="underline underline-offset-2 [overflow-wrap:anywhere]"
      dir="ltr"
    >
      {part.text}
    </a>
  );
}

/** A member's text with its web addresses as links that open apart from the app and pass nothing on. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) => (
        <Part key={index} part={part} />
      ))}
    </>
  );
}
