/**
 * Onboarding for a wallet without a viking: name and look (with a live preview), starter choices, create the
 * character, finish onboarding (`login`), then claim the starter vera chosen here (with the first runix). Each
 * step is one transaction with one toast; the page follows the gateway (and the receipts) so it resumes at the
 * right step after a reload. More veras come from exploring (the Explore card, also on the player's home).
 */
import { createFileRoute } from '@tanstack/react-router';
import { ConnectButton } from '../components/header/connect-button.tsx';
import { ClaimStarter } from './-components/start/claim-starter.tsx';
import { CreateCharacter } from './-components/start/create-character.tsx';
import { Done } from './-components/start/done.tsx';
import { FinishOnboarding } from './-components/start/finish-onboarding.tsx';
import { StepList } from './-components/start/steps.tsx';
import { useOnboarding } from './-components/start/use-onboarding.ts';

export const Route = createFileRoute('/start')({
  head: () => ({ meta: [{ title: 'Create your viking · Skald' }] }),
  component: StartPage,
});

function StartPage() {
  const { step, profile, characterId, firstVera, onCreated, setLoggedIn, setFirstVera } = useOnboarding();
  return (
    <section style={{ maxWidth: 880, margin: '0 auto' }}>
      <h1>Join the saga</h1>
      {step === 'loading' ? <p className="muted">Reading your viking…</p> : null}
      {step !== 'connect' && step !== 'loading' ? <StepList step={step} /> : null}
      {step === 'connect' ? (
        <div className="card">
          <p>Connect your wallet to create your viking. Creating one costs only the network fee.</p>
          <ConnectButton />
        </div>
      ) : null}
      {step === 'create' ? <CreateCharacter onCreated={onCreated} /> : null}
      {step === 'login' ? (
        <FinishOnboarding name={profile.data?.name} onDone={() => setLoggedIn(true)} />
      ) : null}
      {step === 'starter' ? <ClaimStarter starter={profile.data?.starter} onMinted={setFirstVera} /> : null}
      {step === 'done' ? (
        <Done
          characterId={characterId as string}
          veraId={firstVera}
          vera={profile.data?.veras.items.find((v) => v.id === firstVera)}
        />
      ) : null}
    </section>
  );
}
