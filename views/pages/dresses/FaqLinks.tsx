import { useData } from "../../stores/context";

// FaqLinks lists the FAQ's questions, each linked to its page; current is
// the question being read (shown, not linked).
export function FaqLinks({ questions, lan, href, current }: { questions: string[]; lan?: string; href: (id: number) => string; current?: number }) {
  const lang = useData().lang;
  return (
    <ul className="faq-links" data-testid="faq-links" lang={lan && lan !== lang ? lan : undefined}>
      {questions.map((q, i) => (
        <li key={i}>{i + 1 === current ? <span aria-current="page">{q}</span> : <a href={href(i + 1)} data-faq={i + 1}>{q}</a>}</li>
      ))}
    </ul>
  );
}
