// Finding an antd dialog in a page test.
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The open dialog with this title. antd gives every generated id the same value under test, so a dialog's
 * aria-labelledby cannot name it: it is found by its title text; one closing, still animating out, is passed over.
 */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole('dialog')
      .find(
        (d) =>
          !d.className.includes('-leave') &&
          d.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent === title,
      );
    expect(found).toBeDefined();
  });
  if (!found) throw new Error(`no dialog ${title}`);
  return found;
}
