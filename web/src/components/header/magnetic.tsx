/**
 * Magnetic hover: the control leans toward the pointer while it is over it and settles back when it leaves.
 * Its label is split into words that rise one after another, 0.02 s apart (spec section 9).
 */
import { type CSSProperties, type PointerEvent, type ReactNode, useRef } from 'react';

export const WORD_STAGGER_S = 0.02;
const PULL = 0.3;

/** Words of a label with their animation delay; the key is the word's position in the text, unique per label. */
export function staggerWords(text: string): { key: string; word: string; delay: string }[] {
  const out: { key: string; word: string; delay: string }[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    out.push({
      key: `${match.index}`,
      word: match[0],
      delay: `${(out.length * WORD_STAGGER_S).toFixed(2)}s`,
    });
  }
  return out;
}

export function StaggeredLabel({ text }: { text: string }) {
  return (
    <span className="stagger">
      <span className="sr-only">{text}</span>
      {staggerWords(text).map((w) => (
        <span
          key={w.key}
          aria-hidden="true"
          className="stagger-word"
          style={{ '--word-delay': w.delay } as CSSProperties}
        >
          {w.word}
        </span>
      ))}
    </span>
  );
}

export function useMagnetic<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const onPointerMove = (event: PointerEvent<T>) => {
    const element = ref.current;
    if (!element || event.pointerType !== 'mouse') return;
    const box = element.getBoundingClientRect();
    const x = (event.clientX - (box.left + box.width / 2)) * PULL;
    const y = (event.clientY - (box.top + box.height / 2)) * PULL;
    element.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
  };
  const onPointerLeave = () => {
    if (ref.current) ref.current.style.transform = '';
  };
  return { ref, onPointerMove, onPointerLeave };
}

export function MagneticButton(props: {
  label: string;
  onClick: () => void;
  className?: string;
  disabled?: boolean;
  title?: string;
  children?: ReactNode;
}) {
  const magnetic = useMagnetic<HTMLButtonElement>();
  return (
    <button
      type="button"
      {...magnetic}
      className={`magnetic ${props.className ?? ''}`}
      onClick={props.onClick}
      disabled={props.disabled}
      title={props.title}
    >
      {props.children}
      <StaggeredLabel text={props.label} />
    </button>
  );
}
