// GET /saastools/toollaunch?tool=: an external tool's address with a fresh launch ticket, asked for on each 打开
// (a ticket lives five minutes, so it is never kept).

import { unwrap } from '@uc/client';
import { type Envelope, TOOLS_API, type ToolCode, type ToolLaunch } from '@uc/shared';
import { http } from '../http/http';

export async function getToolLaunch(tool: ToolCode): Promise<ToolLaunch> {
  const res = await http.get<Envelope<ToolLaunch>>(TOOLS_API.launch, { params: { tool } });
  return unwrap(res.data);
}
