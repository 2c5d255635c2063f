// The browser leaves the app for a payment: the provider's page (WeChat Pay H5, Alipay wap) or WeChat's sign-in that
// learns the payer's openid. A page load, which the page tests see asked for instead (jsdom cannot navigate).
export function leaveFor(url: string): void {
  window.location.assign(url);
}
