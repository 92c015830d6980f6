/**
 * Reprice and restock by name: the shop and the item are picked from the index's shops (`/api/shop`, kept
 * current by the live stream's shop events), each item showing its price and stock in the chosen shop. Adding an
 * item to a shop by a reprice needs an explicit tick; restocking an item the shop lacks is refused here, as the
 * contract would refuse it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import type { Api } from '../../../api/client.ts';
import { type Field, type FormValues, parseField } from '../../../components/forms/action-form.tsx';
import { FormSubmit } from '../../../components/forms/form-submit.tsx';
import { useApi, useAppConfig } from '../../../lib/hooks.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';
import { LazySentCall } from './lazy-sent-call.tsx';
import type { Sent } from './sent-call.tsx';
import {
  addConfirmLabel,
  itemLabel,
  knownItemIds,
  PLAYER_SHOP_ID,
  type ShopEntry,
  type ShopKind,
  shopLabel,
  shopName,
  shopRefusal,
  stockIn,
  stockSentence,
} from './shop-choices.ts';
import { ADMIN_SPECS, NEW_SHOP_ID, OTHER_ITEM_ID } from './specs.ts';

/** Every shop with its items; the key starts with 'shop', which each shop event invalidates (live/cache-keys.ts). */
export const adminShopsQueryOptions = (api: Api) =>
  queryOptions({
    queryKey: ['shop', 'all'],
    queryFn: async () => (await api.call('shop')).shops,
  });

const NEW = 'new';
const OTHER = 'other';

export function ShopAction({ kind }: { kind: ShopKind }) {
  const api = useApi();
  const spec = ADMIN_SPECS[kind];
  const shops = useQuery(adminShopsQueryOptions(api));
  const [sent, setSent] = useState<(Sent & { n: number }) | null>(null);
  return (
    <section>
      <title>{`${spec.title} · Admin · Skald`}</title>
      <h1>{spec.title}</h1>
      <p className="muted">{spec.summary}</p>
      {shops.isPending ? (
        <p role="status">Loading the shops and their prices…</p>
      ) : shops.isError ? (
        <div role="alert" className="card stack">
          <p>The shops could not be loaded: {shops.error.message}</p>
          <button type="button" className="secondary" onClick={() => void shops.refetch()}>
            Try again
          </button>
        </div>
      ) : kind === 'restock' && shops.data.length === 0 ? (
        <p role="status">
          No shop has any items yet, so there is nothing to restock.{' '}
          <Link to="/admin/shop/reprice">Reprice an item</Link> to add it to a shop.
        </p>
      ) : (
        <ShopForm
          kind={kind}
          shops={shops.data}
          onSent={(s) => setSent((old) => ({ ...s, n: (old?.n ?? 0) + 1 }))}
        />
      )}
      {sent ? <LazySentCall key={sent.n} sent={sent} contractName="Shop" /> : null}
    </section>
  );
}

/** A uint typed by hand (a new shop's id, an item outside the catalogue): its value, or undefined and why. */
function typedId(field: Field, text: string): { value?: number; error?: string } {
  const parsed = parseField(field, text);
  return parsed.error ? { error: parsed.error } : { value: Number(parsed.value) };
}

function ShopForm(props: { kind: ShopKind; shops: ShopEntry[]; onSent(sent: Sent): void }) {
  const { kind, shops } = props;
  const spec = ADMIN_SPECS[kind];
  const amountField = spec.fields[0] as Field;
  const config = useAppConfig();
  const transact = useTransactor();
  const ids = { shop: useId(), item: useId(), now: useId(), refusal: useId() };

  const defaultShop = shops.some((s) => s.shopId === PLAYER_SHOP_ID)
    ? String(PLAYER_SHOP_ID)
    : shops[0]
      ? String(shops[0].shopId)
      : NEW;
  const [shopChoice, setShopChoice] = useState<string | undefined>(undefined);
  const [itemChoice, setItemChoice] = useState<string | undefined>(undefined);
  const [newShopText, setNewShopText] = useState('');
  const [otherItemText, setOtherItemText] = useState('');
  const [amount, setAmount] = useState('');
  /** the shop and item whose addition was ticked: choosing another pair clears the tick */
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const shopValue = shopChoice ?? defaultShop;
  const shop =
    shopValue === NEW ? typedId(NEW_SHOP_ID, newShopText) : { value: Number(shopValue), error: undefined };
  const itemIds = knownItemIds(shops);
  const inShop = shops.find((s) => s.shopId === shop.value)?.items ?? [];
  const itemValue = itemChoice ?? String(inShop[0]?.itemId ?? itemIds[0] ?? OTHER);
  const item =
    itemValue === OTHER
      ? typedId(OTHER_ITEM_ID, otherItemText)
      : { value: Number(itemValue), error: undefined };
  const pair =
    shop.value !== undefined && item.value !== undefined
      ? { shopId: shop.value, itemId: item.value, key: `${shop.value}:${item.value}` }
      : undefined;
  const stock = pair ? stockIn(shops, pair.shopId, pair.itemId) : undefined;
  const confirmedAdd = pair !== undefined && confirmedFor === pair.key;
  const refusal = pair ? shopRefusal(kind, { ...pair, stock, confirmedAdd }) : undefined;

  const here = itemIds.filter((id) => inShop.some((i) => i.itemId === id));
  const elsewhere = itemIds.filter((id) => !inShop.some((i) => i.itemId === id));
  const option = (id: number) => (
    <option key={id} value={String(id)}>
      {itemLabel(id, stockIn(shops, shop.value ?? -1, id), shop.value)}
    </option>
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = [shop.error, item.error, refusal].filter((p): p is string => p !== undefined);
    const parsedAmount = parseField(amountField, amount);
    if (parsedAmount.error) problems.push(parsedAmount.error);
    setErrors(problems);
    if (problems.length > 0 || !pair || parsedAmount.value === undefined) return;
    const values: FormValues = {
      shopId: BigInt(pair.shopId),
      itemId: BigInt(pair.itemId),
      [amountField.name]: parsedAmount.value,
    };
    setBusy(true);
    const call = spec.build(config, values);
    const result = await transact(spec.title, call, { invalidate: [['admin-audit-newer']] });
    setBusy(false);
    if (result.ok) setConfirmedFor(null);
    props.onSent({ call, result, targets: {} });
  };

  return (
    <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
      {shops.length === 0 ? (
        <p className="muted">No shop has any items yet: a reprice opens a new shop.</p>
      ) : null}
      {/* named by the label text alone: a wrapping label would also read out the selected option */}
      <label>
        <span id={ids.shop}>Shop</span>
        <select
          aria-labelledby={ids.shop}
          value={shopValue}
          onChange={(e) => {
            setShopChoice(e.target.value);
            setErrors([]);
          }}
          style={{ maxWidth: '100%' }}
        >
          {shops.map((s) => (
            <option key={s.shopId} value={String(s.shopId)}>
              {shopLabel(s)}
            </option>
          ))}
          {kind === 'reprice' ? <option value={NEW}>A new shop (by id)…</option> : null}
        </select>
      </label>
      {shopValue === NEW ? (
        <label>
          {NEW_SHOP_ID.label}
          <input
            value={newShopText}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => setNewShopText(e.target.value)}
          />
        </label>
      ) : null}
      <label>
        <span id={ids.item}>Item</span>
        <select
          aria-labelledby={ids.item}
          aria-describedby={kind === 'restock' && refusal ? `${ids.now} ${ids.refusal}` : ids.now}
          value={itemValue}
          onChange={(e) => {
            setItemChoice(e.target.value);
            setErrors([]);
          }}
          style={{ maxWidth: '100%' }}
        >
          {shop.value === undefined ? (
            itemIds.map(option)
          ) : (
            <>
              {here.length > 0 ? (
                <optgroup label={`In ${shopName(shop.value)}`}>{here.map(option)}</optgroup>
              ) : null}
              {elsewhere.length > 0 ? (
                <optgroup label={`Not in ${shopName(shop.value)}`}>{elsewhere.map(option)}</optgroup>
              ) : null}
            </>
          )}
          {kind === 'reprice' ? <option value={OTHER}>Another item (by id)…</option> : null}
        </select>
      </label>
      {itemValue === OTHER ? (
        <label>
          {OTHER_ITEM_ID.label}
          <input
            value={otherItemText}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => setOtherItemText(e.target.value)}
          />
        </label>
      ) : null}
      <p id={ids.now} className="card" role="status" aria-label="Current price and stock">
        {pair ? stockSentence(pair.itemId, pair.shopId, stock) : 'Choose a shop and an item.'}
      </p>
      {pair && !stock && kind === 'reprice' ? (
        <label style={{ flexDirection: 'row', alignItems: 'center' }}>
          <input
            type="checkbox"
            checked={confirmedAdd}
            onChange={(e) => setConfirmedFor(e.target.checked ? pair.key : null)}
          />
          {addConfirmLabel(pair.itemId, pair.shopId)}
        </label>
      ) : null}
      {pair && !stock && kind === 'restock' ? (
        <p id={ids.refusal}>
          <strong>{refusal}</strong>
        </p>
      ) : null}
      <label>
        {amountField.label}
        <input
          name={amountField.name}
          value={amount}
          inputMode="numeric"
          autoComplete="off"
          placeholder={kind === 'reprice' && stock ? `now ${stock.runixCost}` : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <FormSubmit
        errors={errors}
        busy={busy}
        label={spec.submit}
        describedBy={kind === 'restock' && refusal ? ids.refusal : undefined}
      />
    </form>
  );
}
