import { Link, useNavigate } from '@tanstack/react-router';

/** Find a viking on the board by name (`?name=`), from the first page; Clear shows the whole board again. */
export function NameSearch({
  type,
  name,
  typed,
  setTyped,
}: {
  type: number;
  name: string;
  typed: string;
  setTyped: (typed: string) => void;
}) {
  const navigate = useNavigate({ from: '/top' });
  return (
    <form
      className="pager"
      aria-label="Find a viking on the board"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({ search: (s) => ({ ...s, name: typed.trim() || undefined, page: undefined }) });
      }}
    >
      <label>
        Find a viking{' '}
        <input
          type="search"
          value={typed}
          maxLength={32}
          placeholder="name"
          onChange={(event) => setTyped(event.target.value)}
        />
      </label>
      <button type="submit" className="secondary">
        Search
      </button>
      {name ? (
        <Link to="/top" search={{ type }} className="muted">
          Clear
        </Link>
      ) : null}
    </form>
  );
}
