// WeChat's in-app payment sheet (WeChat Pay JSAPI): WeixinJSBridge, which WeChat's browser injects into the page,
// shows the sheet for the server-signed parameters and calls back once the payer confirmed, cancelled or failed.
import type { JsapiParams } from '@uc/shared';

/** How the sheet ended: paid, closed by the payer, or refused (anything WeChat answers but ok and cancel). */
export type SheetOutcome = 'ok' | 'cancel' | 'fail';

interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: JsapiParams,
    callback: (res: { err_msg?: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

const OK = 'get_brand_wcpay_request:ok';
const CANCEL = 'get_brand_wcpay_request:cancel';

/** Inside WeChat's browser (the bridge is there, or will come with `WeixinJSBridgeReady`). */
export const bridgeExpected = (): boolean =>
  window.WeixinJSBridge !== undefined || /MicroMessenger/i.test(window.navigator.userAgent);

/** Opens the sheet, waiting for `WeixinJSBridgeReady` when the bridge is not there yet. */
export function openWechatSheet(params: JsapiParams): Promise<SheetOutcome> {
  return new Promise((resolve) => {
    const invoke = () => {
      window.WeixinJSBridge?.invoke('getBrandWCPayRequest', params, (res) => {
        resolve(res.err_msg === OK ? 'ok' : res.err_msg === CANCEL ? 'cancel' : 'fail');
      });
    };
    if (window.WeixinJSBridge) invoke();
    else document.addEventListener('WeixinJSBridgeReady', invoke, { once: true });
  });
}
