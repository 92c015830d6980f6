/**
 * A small banner while the live feed is behind: the gateway's /status says the indexer is down (stalled) or
 * more than a few blocks or seconds behind the chain (delayed), or the gateway itself does not answer. It
 * clears by itself once the feed has caught up. Checks every 10 s while the tab is visible.
 */
import type { Health } from '@skald/wire/rest';
import { useEffect, useState } from 'react';

/**
 * What the banner reads of /status. `live.state` "stalled" means the index stopped making progress while the
 * chain moves on (driven by progress, not by a process or a socket being up).
 */
type Status = Pick<Health, 'indexerProcess' | 'backfillDone' | 'lag'> & { live?: { state: string } };

type Banner = { kind: 'stalled' | 'delayed'; text: string } | null;

const POLL_MS = 10_000;
/** behind by more than this is "delayed" (a block or two is normal while a block is being indexed) */
const DELAY_BLOCKS = 3;
const DELAY_SECONDS = 20;

export function bannerFor(status: Status | null): Banner {
  if (status === null)
    return { kind: 'stalled', text: 'Live updates are paused: reconnecting to the server…' };
  if (status.indexerProcess === 'down')
    return {
      kind: 'stalled',
      text: 'Live updates are stalled while the indexer restarts; what you see may be out of date.',
    };
  if (status.live?.state === 'stalled')
    return {
      kind: 'stalled',
      text: 'Live updates are stalled: the index has stopped following the chain; what you see may be out of date.',
    };
  if (!status.backfillDone)
    return { kind: 'delayed', text: 'Live updates are delayed: the indexer is catching up with the chain.' };
  const lag = status.lag;
  if (lag && (lag.blocks > DELAY_BLOCKS || lag.seconds > DELAY_SECONDS))
    return {
      kind: 'delayed',
      text: `Live updates are delayed: ${lag.blocks} block${lag.blocks === 1 ? '' : 's'} (${lag.seconds} s) behind the chain.`,
    };
  return null;
}

export function DelayBanner() {
  const [banner, setBanner] = useState<Banner>(null);

  useEffect(() => {
    let stopped = false;
    let failures = 0;
    const check = async () => {
      if (document.visibilityState === 'hidden') return;
      let status: Status | null = null;
      try {
        const res = await fetch('/status', { cache: 'no-store', signal: AbortSignal.timeout(5000) });
        if (res.ok) status = (await res.json()) as Status;
      } catch {
        status = null;
      }
      // one missed check is a blip, two are an outage
      failures = status === null ? failures + 1 : 0;
      if (stopped || (status === null && failures < 2)) return;
      setBanner(bannerFor(status));
    };
    void check();
    const timer = window.setInterval(() => void check(), POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  if (!banner) return null;
  return (
    <div
      role="status"
      data-testid="live-delay-banner"
      data-kind={banner.kind}
      style={{
        position: 'fixed',
        top: 'var(--header-h)',
        left: 0,
        right: 0,
        zIndex: 40,
        padding: '6px 16px',
        textAlign: 'center',
        fontSize: '0.9rem',
        background: banner.kind === 'stalled' ? 'var(--blood)' : 'var(--gold)',
        color: 'var(--night)',
      }}
    >
      {banner.text}
    </div>
  );
}
