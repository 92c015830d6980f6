/**
 * Find a viking by the start of its name and act on one of the matches (e.g. invite it). Searches after a short
 * pause in typing; a keyboard user tabs from the field to the match buttons.
 */

import type { NamedViking } from '@skald/wire/rest';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { vikingSearchQueryOptions } from '../../api/queries.ts';
import { useApi } from '../../lib/hooks.ts';

export function VikingSearch(props: {
  label: string;
  actionLabel: (viking: NamedViking) => string;
  onPick: (viking: NamedViking) => void;
  exclude?: (viking: NamedViking) => boolean;
  busy?: boolean;
}) {
  const api = useApi();
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({ ...vikingSearchQueryOptions(api, query), enabled: query.length >= 1 });
  const matches = (search.data?.items ?? []).filter((v) => !props.exclude?.(v));
  return (
    <div className="stack">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        value={text}
        autoComplete="off"
        maxLength={24}
        placeholder="Start of a name"
        onChange={(e) => setText(e.target.value)}
      />
      <ul className="feed" aria-label="Matching vikings" aria-live="polite">
        {matches.map((v) => (
          <li key={v.characterId}>
            <span>
              {v.name} <span className="muted">#{v.characterId}</span>
            </span>
            {/* picking a match is what the search is for: toasts keep clear of it (toast-lift.ts) */}
            <button
              type="button"
              className="secondary"
              data-primary-action
              disabled={props.busy}
              onClick={() => props.onPick(v)}
            >
              {props.actionLabel(v)}
            </button>
          </li>
        ))}
        {query && search.isSuccess && matches.length === 0 ? (
          <li className="muted">No viking named “{query}…” can be invited.</li>
        ) : null}
      </ul>
    </div>
  );
}
