/**
 * The document head: the routes' own tags (TanStack Router's), except that an error page's title is the error's
 * ("Too Many Requests · Skald", "Page Not Found · Skald"), and there is always exactly one <title>.
 */
import { Asset, useRouter, useRouterState, useTags } from '@tanstack/react-router';
import { errorStatus } from './error-page.tsx';
import { statusTitle } from './status-page.tsx';

type MatchLike = { status: string; error?: unknown; globalNotFound?: boolean; _notFound?: unknown };

/** The status of the page's failure, if a match failed (not found, an error), else undefined. */
export function failedStatus(matches: readonly MatchLike[]): number | undefined {
  for (const match of matches) {
    if (match.globalNotFound || match.status === 'notFound' || match._notFound) return 404;
    if (match.status === 'error') return errorStatus(match.error);
  }
  return undefined;
}

export function PageHead() {
  const tags = useTags();
  const nonce = useRouter().options.ssr?.nonce;
  const failed = useRouterState({ select: (state) => failedStatus(state.matches as readonly MatchLike[]) });
  const shown =
    failed === undefined
      ? tags
      : [
          ...tags.filter((tag) => tag.tag !== 'title'),
          { tag: 'title' as const, children: statusTitle(failed) },
        ];
  return (
    <>
      {shown.map((tag) => (
        <Asset {...tag} key={`head-${JSON.stringify(tag)}`} nonce={nonce} />
      ))}
    </>
  );
}
