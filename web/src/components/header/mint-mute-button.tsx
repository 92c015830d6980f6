/** The bell in the header: mint toasts on or off, remembered on this device. */
import { useSyncExternalStore } from 'react';
import { mintToastsMuted, setMintToastsMuted, subscribeMintMute } from '../live/mint-toast-gate.ts';

export function MintMuteButton() {
  // the server renders "on"; the browser's stored choice applies after hydration
  const muted = useSyncExternalStore(subscribeMintMute, mintToastsMuted, () => false);
  return (
    <button
      type="button"
      className="icon-button mint-mute"
      aria-pressed={muted}
      aria-label={muted ? 'Mint toasts off' : 'Mint toasts on'}
      title={muted ? 'Mint toasts are muted: click to show them' : 'Click to mute mint toasts'}
      onClick={() => setMintToastsMuted(!muted)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        {muted ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" /> : null}
      </svg>
    </button>
  );
}
