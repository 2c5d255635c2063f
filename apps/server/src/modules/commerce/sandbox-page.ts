// The sandbox's 模拟支付 page (the QR payload of the embedded default): a plain server-rendered form, no script, every
// value escaped. The form posts to COMMERCE_API.sandboxConfirm.
import { COMMERCE_API, formatYuan } from '@uc/shared';
import { escapeHtml } from '../../lib/html.js';

/** The developer field: how many times the signed notification is delivered, concurrently. */
export const NOTIFY_TIMES = { min: 1, max: 20 } as const;

export interface SandboxPageView {
  tradeNo: string;
  sig: string;
  amountFen: number;
  outTradeNo: string;
  planName: string;
  count: number;
  /** The trade's state at the sandbox: 'pending' | 'paid' | 'closed'. */
  state: string;
  /** The attempt's channel ('wechat' | 'alipay'): the page says which provider it stands in for. */
  channel: string;
}

const CHANNEL_TEXT: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };

const STATE_TEXT: Record<string, string> = { paid: '该笔支付已完成', closed: '该笔支付已关闭' };

export function sandboxPayBody(view: SandboxPageView): string {
  const rows = [
    ['订单号', view.outTradeNo],
    ['套餐', `${view.planName} × ${view.count}年`],
    ['支付方式', CHANNEL_TEXT[view.channel] ?? view.channel],
    ['支付单号', view.tradeNo],
    ['金额', `¥${formatYuan(view.amountFen)}`],
  ]
    .map(([k, v]) => `<tr><th>${escapeHtml(k ?? '')}</th><td>${escapeHtml(v ?? '')}</td></tr>`)
    .join('');
  const stateText = STATE_TEXT[view.state];
  const form = stateText
    ? `<p class="plain">${escapeHtml(stateText)}</p>`
    : `<form method="post" action="${escapeHtml(COMMERCE_API.sandboxConfirm)}">
<input type="hidden" name="trade_no" value="${escapeHtml(view.tradeNo)}">
<input type="hidden" name="sig" value="${escapeHtml(view.sig)}">
<p class="plain"><label>通知次数 <input type="number" name="times" value="1" min="${NOTIFY_TIMES.min}" max="${NOTIFY_TIMES.max}" step="1"></label>（开发用：同一通知并发送达的次数）</p>
<div class="actions"><button class="primary" type="submit" name="action" value="confirm">确认支付</button><button type="submit" name="action" value="cancel">取消</button></div>
</form>`;
  return `<style>table.order{margin:16px auto;border-collapse:collapse}table.order th,table.order td{padding:6px 12px;border-bottom:1px solid #f0f0f0;text-align:left}table.order th{color:#8c8c8c;font-weight:400}.actions button{margin:0 8px;padding:6px 18px;border:1px solid #1677ff;border-radius:6px;background:#fff;color:#1677ff;font-size:15px;cursor:pointer}.actions button.primary{background:#1677ff;color:#fff}input[type=number]{width:64px}</style>
<h1>模拟支付</h1>
<p class="meta">沙箱环境，不产生真实扣款</p>
<table class="order">${rows}</table>
${form}`;
}

export function sandboxResultBody(title: string, lines: string[]): string {
  return `<div class="notice"><h1>${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</div>`;
}
