// What both tabs of 卡券与优惠券 build their selects and paths with.

/** Select options of a set of keys and their Chinese names. */
export const options = <K extends string>(keys: readonly K[], text: Record<K, string>) =>
  keys.map((value) => ({ value, label: text[value] }));

/** A path template's {id} filled in. */
export const pathOf = (path: string, id: number) => path.replace('{id}', String(id));
