// The success pages' one reload after a payment (docs/requirements.md §2 "Payment success page"): the flag survives the
// reload in this tab only, so the page after it shows the result instead of reloading again.
const FLAG = 'uc-pay-opened';

/** True once per payment: the page should show 开通中 and reload. */
export function needsOpeningReload(): boolean {
  try {
    return window.sessionStorage.getItem(FLAG) === null;
  } catch {
    return false;
  }
}

export function reloadForOpening(reload: () => void = () => window.location.reload()): void {
  try {
    window.sessionStorage.setItem(FLAG, '1');
  } catch {
    // Without storage the page shows the result at once after this reload.
  }
  reload();
}

/** The result is shown: the next payment reloads again. */
export function clearOpeningFlag(): void {
  try {
    window.sessionStorage.removeItem(FLAG);
  } catch {
    // Nothing stored.
  }
}
