// The open modal or drawer of a page test.
import { waitFor } from '@testing-library/react';

/** The open modal or drawer (found without a role query over the whole antd page, which is slow in jsdom). */
export async function dialogOpened(): Promise<HTMLElement> {
  return waitFor(() => {
    // The last one opened; forceRender'd modals wait hidden (display: none) in the page.
    const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')]
      .filter((d) => !d.closest('[style*="display: none"]'))
      .at(-1);
    if (!dialog) throw new Error('no dialog open');
    return dialog;
  });
}
