/**
 * Ponder's HTTP server (GraphQL, /sql/live, /health): one, or the two of a redeploy, when the new indexer runs
 * beside the old one until it has caught up and the old one stops. Requests go to the server that answered
 * last; when that one is gone (connection refused, or a kept-alive connection it closed as it stopped) the same
 * request goes to the next at once, so the switch costs no failed request. Every request sent here is a read
 * (Ponder's GraphQL has no mutations), so sending it again elsewhere is safe. A timeout or any other failure is
 * the caller's to report.
 */

const GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** The process behind the URL is gone: nothing accepts connections, or it closed ours. */
export const refused = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return GONE.has(e?.code ?? e?.cause?.code ?? '');
};

export type IndexerUpstream = {
  /** `fetch` on the indexer that answers, trying each in turn while they refuse */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** the base URL requests go to now */
  readonly url: string;
};

export function createIndexerUpstream(urls: readonly string[]): IndexerUpstream {
  if (urls.length === 0) throw new Error('createIndexerUpstream: no indexer URL');
  const bases = urls.map((u) => u.replace(/\/$/, ''));
  let current = 0;
  return {
    async fetch(path, init) {
      let lastError: unknown;
      for (let i = 0; i < bases.length; i++) {
        const k = (current + i) % bases.length;
        try {
          const response = await fetch(`${bases[k]}${path}`, init);
          current = k;
          return response;
        } catch (error) {
          if (!refused(error) || init?.signal?.aborted) throw error;
          lastError = error;
        }
      }
      throw lastError;
    },
    get url() {
      return bases[current] as string;
    },
  };
}
