// How the account screens show a mobile: the middle four digits hidden (the server masks the account's own).

/** '13800138000' -> '138****8000'; anything else is returned as it is ('' stays ''). */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
