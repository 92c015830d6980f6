/** The browser's half of boot.ts: the page's boot data, read once by the client entry. */
import { BOOT_ELEMENT_ID, type Boot } from './boot.ts';

export function readBoot(): Boot {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent)
    throw new Error(`#${BOOT_ELEMENT_ID} is missing: the page was not server rendered`);
  return JSON.parse(element.textContent) as Boot;
}
