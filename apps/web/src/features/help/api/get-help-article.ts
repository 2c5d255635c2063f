// GET /api/ccw/help/articles/{id}/: one published article, its HTML sanitized by the server; open to visitors.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, HELP_API, type HelpArticle } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<HelpArticle>()('GET', HELP_API.article);

export function getHelpArticle(id: number): Promise<HelpArticle> {
  return call(ENDPOINT, { id });
}

export const helpArticleQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['help', 'article', id], queryFn: () => getHelpArticle(id) });

export function useHelpArticle(id: number | null) {
  return useQuery({ ...helpArticleQueryOptions(id ?? 0), enabled: id !== null });
}
