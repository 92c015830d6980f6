/**
 * A target field for the admin forms: type a name, an address (or its start) or an id; matches come from the
 * gateway's admin search and one is chosen by click or keyboard. The chosen match stays visible under the field,
 * so an admin sees who a grant will reach before sending it.
 */

import type { TargetHit } from '@skald/wire/rest';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useApi } from '../../lib/hooks.ts';
import { literalTarget, type TargetType } from './target-literal.ts';

const NOUN: Record<TargetType, string> = {
  character: 'character',
  clan: 'clan',
  vera: 'vera',
  account: 'account',
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function TargetSearch(props: {
  label: string;
  type: TargetType;
  text: string;
  chosen: TargetHit | null;
  onText(text: string): void;
  onChoose(hit: TargetHit | null): void;
  placeholder?: string;
}) {
  const api = useApi();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(props.text.trim(), 200);
  const search = useQuery({
    queryKey: ['admin-search', props.type, q],
    queryFn: () => api.call('adminSearch', { query: { type: props.type, q, limit: 8 } }),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  const hits = q.length > 0 ? (search.data?.items ?? []) : [];
  const { chosen, onChoose, type } = props;
  const typed = props.text.trim();

  // an exact id or address typed in full resolves to its match without a click; only once the search has
  // caught up with the text (the previous text's matches must not choose for the new one)
  useEffect(() => {
    if (chosen || q !== typed) return;
    const literal = literalTarget(type, q);
    const exact = literal ? hits.find((h) => h.id.toLowerCase() === literal.toLowerCase()) : undefined;
    if (exact) onChoose(exact);
  }, [hits, q, typed, chosen, type, onChoose]);

  const choose = (hit: TargetHit) => {
    props.onChoose(hit);
    props.onText(hit.type === 'account' ? hit.id : hit.label);
    setOpen(false);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (hits.length === 0 ? 0 : (a + step + hits.length) % hits.length));
    } else if (event.key === 'Enter' && open && hits[active]) {
      event.preventDefault();
      choose(hits[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList =
    open &&
    hits.length > 0 &&
    !(chosen && props.text === (chosen.type === 'account' ? chosen.id : chosen.label));
  return (
    <div className="target-search">
      <label>
        {props.label}
        <input
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? `${listId}-${active}` : undefined}
          value={props.text}
          placeholder={props.placeholder ?? `Name, address or id of the ${NOUN[props.type]}`}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            props.onText(e.target.value);
            props.onChoose(null);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKey}
        />
      </label>
      {showList ? (
        <div id={listId} role="listbox" aria-label={`${props.label} matches`} className="target-options">
          {hits.map((hit, i) => (
            <div
              key={`${hit.type}-${hit.id}`}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(hit);
              }}
            >
              <strong>{hit.label}</strong> <span className="muted">{hit.detail}</span>
            </div>
          ))}
        </div>
      ) : null}
      <p className="muted target-match" role="status" aria-label={`${props.label} match`}>
        {chosen ? (
          <>
            → <strong>{chosen.label}</strong> · {chosen.detail}
          </>
        ) : q.length === 0 ? (
          'Type to search.'
        ) : search.isFetching ? (
          'Searching…'
        ) : search.isError ? (
          `Search failed: ${search.error.message}`
        ) : hits.length === 0 ? (
          `No ${NOUN[props.type]} matches “${q}”.`
        ) : (
          `${hits.length} match${hits.length === 1 ? '' : 'es'}: choose one.`
        )}
      </p>
    </div>
  );
}
