/**
 * The end of a form whose submit is a contract call: what is wrong with the values, if anything, and the submit
 * button, which waits while the call is being sent and stays off on the wrong network (saying why).
 */
import { useNetworkState, WRONG_NETWORK_MESSAGE } from '../../wallet/network.ts';

export function FormSubmit(props: {
  errors: string[];
  busy: boolean;
  label: string;
  /** ids of what explains the button (a refusal shown above it) */
  describedBy?: string;
}) {
  const network = useNetworkState();
  return (
    <>
      {props.errors.length > 0 ? (
        <ul role="alert" className="form-errors">
          {props.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <button
        type="submit"
        className="primary"
        disabled={props.busy || network === 'wrong-network'}
        title={network === 'wrong-network' ? WRONG_NETWORK_MESSAGE : undefined}
        aria-describedby={props.describedBy}
      >
        {props.busy ? 'Sending…' : props.label}
      </button>
    </>
  );
}
