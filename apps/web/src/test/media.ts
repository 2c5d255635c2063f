// jsdom has no matchMedia: a stub whose queries match as `matches` says (antd's responsive parts and
// useMediaQuery read it).
export function stubMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
