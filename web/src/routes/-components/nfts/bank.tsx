import type { BankLock, InventoryData } from '@skald/wire/rest';
import { ActionForm } from '../../../components/forms/action-form.tsx';
import { bigintOf, numberOf } from '../../../components/forms/values.ts';
import { call, uintMax } from '../../../lib/contracts.ts';
import { number, utcDate } from '../../../lib/format.ts';
import { useAppConfig } from '../../../lib/hooks.ts';
import { useTransactor } from '../../../tx/use-transactor.ts';

/** The bank: each lock slot (runix locked, when it unlocks, its reward, Unlock once due) and a form to lock more. */
export function Bank({
  inv,
  invalidate,
  nowS,
}: {
  inv: InventoryData | undefined;
  invalidate: unknown[][];
  nowS: number;
}) {
  const config = useAppConfig();
  const transact = useTransactor();
  return (
    <>
      <h2>Bank</h2>
      <table>
        <thead>
          <tr>
            <th>Slot</th>
            <th>Locked</th>
            <th>Unlocks</th>
            <th>Reward</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(inv?.bank.locks ?? []).map((lock) => (
            <tr key={lock.lockIndex}>
              <td>{lock.lockIndex + 1}</td>
              <td>{number(lock.runix)} runix</td>
              <td>{lock.unlockDate ? utcDate(lock.unlockDate) : '—'}</td>
              <td>
                {number(lock.runixReward)} runix + {number(lock.onyxReward)} onyx
              </td>
              <td>{lockStatus(lock, nowS)}</td>
              <td>
                <button
                  type="button"
                  className="secondary"
                  disabled={lock.status !== 'locked' || lock.unlockDate > nowS}
                  onClick={() =>
                    void transact('Unlocking runix', call(config, 'Bank', 'unlockRunix', [lock.lockIndex]), {
                      invalidate,
                    })
                  }
                >
                  Unlock
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="card" style={{ marginTop: 16 }}>
        <ActionForm
          title="Lock runix"
          fields={[
            {
              name: 'lockIndex',
              label: 'Slot',
              kind: 'select',
              options: [0, 1, 2].map((i) => ({ value: String(i), label: `Slot ${i + 1}` })),
            },
            {
              name: 'runix',
              label: 'Runix to lock',
              kind: 'uint',
              min: 1n,
              max: uintMax('Bank', 'lockRunix', 'runix', 64),
            },
          ]}
          submitLabel="Lock runix"
          toastLabel="Locking runix"
          build={(v) => call(config, 'Bank', 'lockRunix', [numberOf(v, 'lockIndex'), bigintOf(v, 'runix')])}
          invalidate={invalidate}
        />
      </div>
    </>
  );
}

function lockStatus(lock: BankLock, nowS: number): string {
  if (lock.status !== 'locked') return 'Unlocked';
  return lock.unlockDate > nowS ? 'Locked' : 'Ready to unlock';
}
