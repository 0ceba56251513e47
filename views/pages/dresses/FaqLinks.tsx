import { useData } from "../../stores/context";
import "./kit"; // one chunk with its siblings (kit.ts)
import { pure } from "../../ssr/pure";

// FaqLinks lists the FAQ's questions, each linked to its page; current is
// the question being read (shown, not linked). Questions in another
// language than the page's (English until translated) keep their own
// direction.
export function FaqLinks({ questions, lan, href, current }: { questions: string[]; lan?: string; href: (id: number) => string; current?: number }) {
  const lang = useData().lang;
  return (
    <ul className="faq-links" data-testid="faq-links" lang={lan && lan !== lang ? lan : undefined}
      dir={lan && lan !== lang ? "auto" : undefined}>
      {questions.map((q, i) => (
        <li key={i}>{i + 1 === current ? <span aria-current="page">{q}</span> : <a href={href(i + 1)} data-faq={i + 1}>{q}</a>}</li>
      ))}
    </ul>
  );
}

// On the server its parent writes it as markup (ssr/pure.ts): its state
// hooks keep their first values there, and it reads no id (useId).
pure(FaqLinks);
