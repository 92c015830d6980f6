/**
 * A form whose submit is one contract call. Fields are declared as data; values are validated before the wallet
 * is asked (a bad number never reaches the chain), then the transactor drives the toast.
 */

import type { TargetHit } from '@skald/wire/rest';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { isAddress } from 'viem';
import { ArtImage } from '../../art/art-image.tsx';
import type { ContractCall } from '../../lib/contracts.ts';
import { type TxResult, useTransactor } from '../../tx/use-transactor.ts';
import { FormSubmit } from './form-submit.tsx';
import { literalTarget, type TargetType } from './target-literal.ts';

/** the search behind a target field (admin forms), fetched only by a form that has one */
const TargetSearch = lazy(() => import('./target-search.tsx').then((m) => ({ default: m.TargetSearch })));

export type Field =
  | { name: string; label: string; kind: 'uint'; max?: bigint; min?: bigint; initial?: string }
  | { name: string; label: string; kind: 'address'; initial?: string }
  | { name: string; label: string; kind: 'text'; maxLength?: number; initial?: string }
  | { name: string; label: string; kind: 'bool'; initial?: boolean }
  /** one of a few options shown as pictures (species, runes) */
  | {
      name: string;
      label: string;
      kind: 'choice';
      options: { value: string; label: string; hint?: string; image?: string }[];
      initial?: string;
    }
  /** a character, clan, vera or account found by name, address or id (see TargetSearch) */
  | { name: string; label: string; kind: 'target'; target: TargetType; initial?: string }
  | {
      name: string;
      label: string;
      kind: 'select';
      options: { value: string; label: string }[];
      initial?: string;
    };

export type FormValues = Record<string, string | boolean | bigint>;

export function parseField(
  field: Field,
  raw: string | boolean,
  chosen?: TargetHit | null,
): { value?: string | boolean | bigint; error?: string } {
  switch (field.kind) {
    case 'target': {
      const value = chosen?.id ?? literalTarget(field.target, String(raw));
      if (value === undefined)
        return { error: `${field.label}: choose a ${field.target} from the matches (or type its id)` };
      return field.target === 'account' ? { value } : { value: BigInt(value) };
    }
    case 'bool':
      return { value: Boolean(raw) };
    case 'uint': {
      const text = String(raw).trim();
      if (!/^\d+$/.test(text)) return { error: `${field.label} must be a whole number` };
      const value = BigInt(text);
      if (field.min !== undefined && value < field.min)
        return { error: `${field.label} must be at least ${field.min}` };
      if (field.max !== undefined && value > field.max)
        return { error: `${field.label} must be at most ${field.max}` };
      return { value };
    }
    case 'address': {
      const text = String(raw).trim();
      return isAddress(text)
        ? { value: text }
        : { error: `${field.label} must be an address (0x + 40 hex digits)` };
    }
    case 'text': {
      const text = String(raw).trim();
      if (!text) return { error: `${field.label} is required` };
      if (field.maxLength && new TextEncoder().encode(text).length > field.maxLength) {
        return { error: `${field.label} must be at most ${field.maxLength} bytes` };
      }
      return { value: text };
    }
    case 'select':
    case 'choice':
      return { value: String(raw) };
  }
}

export function ActionForm(props: {
  title?: string;
  fields: Field[];
  submitLabel: string;
  toastLabel: string;
  build: (values: FormValues) => ContractCall;
  invalidate?: unknown[][];
  onDone?: () => void;
  /** after each send: the values, the call and its result (the admin forms show them) */
  onSent?: (sent: {
    values: FormValues;
    targets: Record<string, TargetHit | null>;
    call: ContractCall;
    result: TxResult;
  }) => void;
}) {
  const transact = useTransactor();
  const [raw, setRaw] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      props.fields.map((f) => [
        f.name,
        f.kind === 'bool'
          ? (f.initial ?? false)
          : (f.initial ?? (f.kind === 'select' || f.kind === 'choice' ? (f.options[0]?.value ?? '') : '')),
      ]),
    ),
  );
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [targets, setTargets] = useState<Record<string, TargetHit | null>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values: FormValues = {};
    const problems: string[] = [];
    for (const field of props.fields) {
      const parsed = parseField(field, raw[field.name] ?? '', targets[field.name]);
      if (parsed.error) problems.push(parsed.error);
      else if (parsed.value !== undefined) values[field.name] = parsed.value;
    }
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    const call = props.build(values);
    const result = await transact(props.toastLabel, call, { invalidate: props.invalidate });
    setBusy(false);
    props.onSent?.({ values, targets, call, result });
    if (result.ok) props.onDone?.();
  };

  return (
    <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
      {props.title ? <h2>{props.title}</h2> : null}
      {props.fields.map((field) =>
        field.kind === 'target' ? (
          <TargetInput
            key={field.name}
            field={field}
            text={String(raw[field.name] ?? '')}
            chosen={targets[field.name] ?? null}
            onText={(value) => setRaw((old) => ({ ...old, [field.name]: value }))}
            onChoose={(hit) => setTargets((old) => ({ ...old, [field.name]: hit }))}
          />
        ) : (
          <FieldInput
            key={field.name}
            field={field}
            value={raw[field.name] ?? ''}
            onChange={(value) => setRaw((old) => ({ ...old, [field.name]: value }))}
          />
        ),
      )}
      <FormSubmit errors={errors} busy={busy} label={props.submitLabel} />
    </form>
  );
}

function TargetInput(props: {
  field: Extract<Field, { kind: 'target' }>;
  text: string;
  chosen: TargetHit | null;
  onText(text: string): void;
  onChoose(hit: TargetHit | null): void;
}) {
  return (
    <Suspense fallback={<p className="muted">{props.field.label}: loading the search…</p>}>
      <TargetSearch
        label={props.field.label}
        type={props.field.target}
        text={props.text}
        chosen={props.chosen}
        onText={props.onText}
        onChoose={props.onChoose}
      />
    </Suspense>
  );
}

function FieldInput(props: {
  field: Field;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
}) {
  const { field } = props;
  const labelId = useId();
  if (field.kind === 'target') return null;
  if (field.kind === 'choice') {
    return (
      <fieldset className="choice">
        <legend>{field.label}</legend>
        <div className="choice-grid">
          {field.options.map((o) => (
            <label key={o.value} className="choice-option" title={o.hint}>
              <input
                type="radio"
                name={field.name}
                value={o.value}
                checked={String(props.value) === o.value}
                onChange={() => props.onChange(o.value)}
              />
              {o.image ? <ArtImage src={o.image} alt="" size={56} /> : null}
              <span>{o.label}</span>
              {o.hint ? <small className="muted">{o.hint}</small> : null}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (field.kind === 'bool') {
    return (
      <label style={{ flexDirection: 'row', alignItems: 'center' }}>
        <input
          type="checkbox"
          checked={Boolean(props.value)}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        {field.label}
      </label>
    );
  }
  if (field.kind === 'select') {
    // named by the label text alone: a wrapping label would also read out the selected option
    return (
      <label>
        <span id={labelId}>{field.label}</span>
        <select
          aria-labelledby={labelId}
          value={String(props.value)}
          onChange={(e) => props.onChange(e.target.value)}
        >
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <label>
      {field.label}
      <input
        name={field.name}
        value={String(props.value)}
        inputMode={field.kind === 'uint' ? 'numeric' : undefined}
        autoComplete="off"
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
