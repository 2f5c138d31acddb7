import { ROUTES, type RouteResponse } from '@app/contracts';
import { callApi } from './api.server';
import { briefCache } from './brief-cache';

/**
 * How long this process keeps the evaluation page's system panels (the checklist, which the API itself keeps 10 s,
 * and the Gmail setup): the same answer for every visitor, so a view of the page makes one API call, not two (issue 28).
 */
export const EVALUATION_PANELS_SECONDS = 2;

const panels = briefCache(EVALUATION_PANELS_SECONDS * 1000, () => callApi(ROUTES.evaluationPanels));

/**
 * The panels as the API answers them; `fresh` reads them anew (an admin, who connects and disconnects Gmail, sees
 * their change at once), and that answer is what the next visitors get.
 */
export function evaluationPanels(fresh: boolean): Promise<RouteResponse<typeof ROUTES.evaluationPanels>> {
  return fresh ? panels.refresh() : panels.get();
}
