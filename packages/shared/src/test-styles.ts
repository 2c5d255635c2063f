// For the jsdom tests of both apps: antd's runtime styles reduced to the declarations a test can observe.
// jsdom resolves every declaration of every matching rule on each getComputedStyle call, which Testing Library makes
// for each element a role query visits (is it hidden?) and user-event for each pointer action (pointer-events); with
// antd's full rules that was a quarter of the page suites' CPU. A test sees no layout in jsdom, so the rest of what
// those rules declare (colours, sizes, spacing) can change no result.

/** What Testing Library, jest-dom's toBeVisible and user-event read of an element's computed style. */
const OBSERVED = new Set(['display', 'visibility', 'opacity', 'pointerEvents', 'contentVisibility']);

/** A cssinjs transformer (StyleProvider `transformers`): keeps nested rules and the observed properties only. */
export const observedStylesOnly = {
  visit<Style extends object>(style: Style): Style {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(style))
      if ((typeof value === 'object' && value !== null) || OBSERVED.has(key)) kept[key] = value;
    return kept as Style;
  },
};
