// GET /saastools/toollaunch?tool=: an external tool's address with a fresh launch ticket, asked for on each 打开
// (a ticket lives five minutes, so it is never kept).

import { endpoint, TOOLS_API, type ToolCode, type ToolLaunch, type ToolQuery } from '@uc/shared';
import { call } from '../http/http';

const ENDPOINT = endpoint<ToolLaunch, ToolQuery>()('GET', TOOLS_API.launch);

export function getToolLaunch(tool: ToolCode): Promise<ToolLaunch> {
  return call(ENDPOINT, { input: { tool } });
}
