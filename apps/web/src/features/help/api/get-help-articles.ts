// GET /api/ccw/help/articles/?q=&topic=: the published articles (by topic, then their order), `q` any 2+ character
// fragment of a title or text; open to visitors.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HELP_API, type HelpArticleItem, type HelpArticleQuery } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<HelpArticleItem[], HelpArticleQuery>()('GET', HELP_API.articles);

export function getHelpArticles(query: HelpArticleQuery): Promise<HelpArticleItem[]> {
  return call(ENDPOINT, { input: query });
}

export const helpArticlesQueryOptions = (query: HelpArticleQuery) =>
  queryOptions({ queryKey: ['help', 'articles', query], queryFn: () => getHelpArticles(query) });

export function useHelpArticles(query: HelpArticleQuery) {
  return useQuery({ ...helpArticlesQueryOptions(query), placeholderData: keepPreviousData });
}
