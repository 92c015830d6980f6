export type Step = 'connect' | 'loading' | 'create' | 'login' | 'starter' | 'done';

const STEP_LABELS: Record<Exclude<Step, 'connect' | 'loading'>, string> = {
  create: '1. Create your viking',
  login: '2. Finish onboarding',
  starter: '3. Your starter',
  done: 'Ready',
};

/** The onboarding steps, the current one marked. */
export function StepList({ step }: { step: Step }) {
  return (
    <ol className="row steps" aria-label="Onboarding steps">
      {(Object.keys(STEP_LABELS) as (keyof typeof STEP_LABELS)[]).map((key) => (
        <li
          key={key}
          aria-current={key === step ? 'step' : undefined}
          className={key === step ? 'pill active' : 'pill'}
        >
          {STEP_LABELS[key]}
        </li>
      ))}
    </ol>
  );
}
