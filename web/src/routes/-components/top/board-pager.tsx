import { Link } from '@tanstack/react-router';
import { LEADERBOARD_PAGE } from '../../../api/queries.ts';

/** Below the board: why it is empty (past its last page, no name found, no battles), or the pages to move by. */
export function BoardPager({
  rows,
  total,
  page,
  pages,
  name,
}: {
  rows: readonly unknown[];
  total: number;
  page: number;
  pages: number;
  name: string;
}) {
  const first = (page - 1) * LEADERBOARD_PAGE + 1;
  return (
    <>
      {rows.length === 0 && total > 0 && page > pages ? (
        <p className="muted" role="status">
          Page {page} is past the end of this board ({total} {total === 1 ? 'viking' : 'vikings'}, {pages}{' '}
          {pages === 1 ? 'page' : 'pages'}).{' '}
          <Link to="/top" search={(s) => ({ ...s, page: pages > 1 ? pages : undefined })}>
            Go to the last page
          </Link>
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">
          {name ? `No viking named like “${name}” on this board.` : 'No rated battles yet for this type.'}
        </p>
      ) : null}
      {total > 0 && rows.length > 0 ? (
        <nav className="pager" aria-label="Leaderboard pages">
          <span className="muted">
            {first}–{first + rows.length - 1} of {total}
          </span>
          {page > 1 ? (
            <Link
              to="/top"
              search={(s) => ({ ...s, page: page - 1 > 1 ? page - 1 : undefined })}
              className="magnetic"
            >
              Previous
            </Link>
          ) : null}
          {page < pages ? (
            <Link to="/top" search={(s) => ({ ...s, page: page + 1 })} className="magnetic">
              Next
            </Link>
          ) : null}
          <span className="muted">
            page {page} of {pages}
          </span>
        </nav>
      ) : null}
    </>
  );
}
