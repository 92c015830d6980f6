/**
 * The fixed header of every page (spec section 2): links on the left, the hammer logo in the centre, 'Me' and the
 * wallet button on the right; a hamburger and a full-screen menu on small screens.
 */
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { HammerLogo } from '../../art/hammer.tsx';
import { usePlayer } from '../../lib/hooks.ts';
import { useAskForGameChain } from '../../wallet/network.ts';
import { WaitingBadge } from '../waiting.tsx';
import { ConnectButton } from './connect-button.tsx';
import { MagneticButton, StaggeredLabel, useMagnetic } from './magnetic.tsx';
import { MintMuteButton } from './mint-mute-button.tsx';
import { useHeaderScroll } from './use-header-scroll.ts';
import { WrongNetworkBanner } from './wrong-network-banner.tsx';

type NavLink = { to: '/top' | '/clans' | '/live' | '/admin'; label: string };

export function navLinks(isAdmin: boolean): NavLink[] {
  const links: NavLink[] = [
    { to: '/top', label: 'Top' },
    { to: '/clans', label: 'Clans' },
    { to: '/live', label: 'Live' },
  ];
  if (isAdmin) links.push({ to: '/admin', label: 'Admin' });
  return links;
}

function MagneticLink(props: { link: NavLink; onClick?: () => void }) {
  const magnetic = useMagnetic<HTMLAnchorElement>();
  return (
    <Link
      to={props.link.to}
      {...magnetic}
      className="magnetic nav-link"
      activeProps={{ className: 'magnetic nav-link active', 'aria-current': 'page' }}
      onClick={props.onClick}
    >
      <StaggeredLabel text={props.link.label} />
    </Link>
  );
}

export function Header() {
  const player = usePlayer();
  const navigate = useNavigate();
  const pointerOver = useRef(false);
  const { opacity, hidden, reveal } = useHeaderScroll(pointerOver);
  const [menuOpen, setMenuOpen] = useState(false);
  // one header per page: the one place that asks a wallet on another chain to switch
  useAskForGameChain();
  const hamburger = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const links = navLinks(player.isAdmin);
  const characterId = player.address ? player.characterId : undefined;

  // a navigation (from any source) closes the menu
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => setMenuOpen(false), [pathname]);

  // Escape closes the mobile menu and gives focus back to the button that opened it
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      hamburger.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const openMe = () => {
    if (characterId) void navigate({ to: '/viking/$id', params: { id: characterId } });
  };

  return (
    <header
      className={`site-header${hidden && !menuOpen ? ' is-hidden' : ''}`}
      data-hidden={hidden && !menuOpen ? 'true' : 'false'}
      style={{ '--header-bg-opacity': opacity.toFixed(3) } as CSSProperties}
      onPointerEnter={() => {
        pointerOver.current = true;
        reveal();
      }}
      onPointerLeave={() => {
        pointerOver.current = false;
      }}
    >
      <div className="header-bg" aria-hidden="true" data-testid="header-bg" />
      <nav className="header-links" aria-label="Main">
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <MagneticLink link={link} />
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/" className="header-logo" aria-label="Skald home">
        <HammerLogo size={40} />
      </Link>
      <div className="header-actions">
        {characterId ? <MagneticButton label="Me" onClick={openMe} className="me-button" /> : null}
        {characterId ? <WaitingBadge characterId={characterId} /> : null}
        <MintMuteButton />
        <ConnectButton />
        <button
          ref={hamburger}
          type="button"
          className="hamburger"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span />
          <span />
          <span />
        </button>
      </div>
      <WrongNetworkBanner />
      {menuOpen ? (
        <nav id="mobile-menu" className="mobile-menu" aria-label="Menu">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <MagneticLink link={link} onClick={() => setMenuOpen(false)} />
              </li>
            ))}
            {characterId ? (
              <li>
                <Link
                  to="/viking/$id"
                  params={{ id: characterId }}
                  className="magnetic nav-link"
                  onClick={() => setMenuOpen(false)}
                >
                  <StaggeredLabel text="Me" />
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
