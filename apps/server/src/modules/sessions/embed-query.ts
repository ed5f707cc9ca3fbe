import { EMBED_QUERY } from '@scheduler/contracts/embed';
import { isEmbeddingOrigin } from '@scheduler/domain/embed/embedding-origins';
import { embedLookQuery } from './embed-look.ts';

/** A session token as newSessionToken makes them (256 bits, base64url). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What the redirect from a new session into the wizard keeps of an embedded frame's query (issue
 * 27): `embed=1`, the host page's origin when it is one of the company's embedding origins (the
 * only origin the wizard will post to), and the token of the session to offer to resume. Nothing
 * else passes: the rest of a company's link (tracking parameters) stays out of the wizard's URL.
 * The look (embed-look.ts) rides with an accepted host only: it is the company's page's choice.
 */
export function embedRedirectQuery(
  query: Readonly<Record<string, string>>,
  embeddingOrigins: readonly string[],
): Record<string, string> {
  if (query[EMBED_QUERY.embed] !== '1') return {};
  const kept: Record<string, string> = { [EMBED_QUERY.embed]: '1' };
  const host = query[EMBED_QUERY.host];
  if (host !== undefined && isEmbeddingOrigin(host, embeddingOrigins))
    Object.assign(kept, { [EMBED_QUERY.host]: host }, embedLookQuery(query));
  const resume = query[EMBED_QUERY.resume];
  if (resume !== undefined && TOKEN_PATTERN.test(resume)) kept[EMBED_QUERY.resume] = resume;
  return kept;
}
