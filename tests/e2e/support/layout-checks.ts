import type { Page } from '@playwright/test';

/** The phone and laptop sizes every screen is checked at. */
export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

/**
 * Every button, link and form field that is shown, brought into view one by
 * one: those that another element covers at their centre (what a click there
 * would hit instead). Elements smaller than 4 px (visually hidden) are skipped.
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ||
        (el as HTMLElement).innerText?.trim().slice(0, 40) ||
        el.getAttribute('name') ||
        el.getAttribute('placeholder') ||
        '';
      return `<${el.tagName.toLowerCase()}> "${name}"`;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=switch], [role=checkbox], [role=combobox]',
    );
    const covered: string[] = [];
    for (const el of controls) {
      const first = el.getBoundingClientRect();
      if (first.width < 4 || first.height < 4) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || el === hit || el.contains(hit)) continue;
      // A control inside a label or a wrapper that forwards the click is not covered.
      if (hit.contains(el) && !hit.matches('button, a[href]')) continue;
      const by = hit.closest('button, a, [role], header, nav, aside, section, div') ?? hit;
      covered.push(`${describe(el)} is covered by ${describe(by)}`);
    }
    window.scrollTo(0, 0);
    return covered;
  });
}

/** Buttons (and tabs) whose text does not fit them. */
export function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role=button], [role=tab]')) {
      const r = el.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        clipped.push(
          `"${el.innerText.trim().slice(0, 40)}" (${el.scrollWidth} px of text in ${el.clientWidth} px)`,
        );
      }
    }
    return clipped;
  });
}

/**
 * Row actions (buttons and links in a table's body rows) that the visitor
 * cannot see without scrolling sideways: outside the viewport, or inside a
 * box that scrolls sideways.
 */
export function hiddenRowActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = [];
    const viewport = document.documentElement.clientWidth;
    for (const table of document.querySelectorAll('table')) {
      if (!table.getClientRects().length) continue;
      const name = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent;
      let box: HTMLElement | null = table.parentElement;
      let scroller: HTMLElement | null = null;
      for (; box; box = box.parentElement) {
        if (
          box.scrollWidth > box.clientWidth + 1 &&
          getComputedStyle(box).overflowX !== 'visible'
        ) {
          scroller = box;
          break;
        }
      }
      for (const action of table.querySelectorAll<HTMLElement>('tbody button, tbody a[href]')) {
        const r = action.getBoundingClientRect();
        if (r.width < 4 || r.height < 4) continue;
        const label = action.getAttribute('aria-label') || action.innerText.trim();
        if (scroller) hidden.push(`${name ?? 'a table'} scrolls sideways: "${label}"`);
        else if (r.left < 0 || r.right > viewport)
          hidden.push(`${name ?? 'a table'}: "${label}" is off-screen`);
      }
    }
    return hidden;
  });
}

/**
 * Text of a table's body rows laid out past its row's right edge: on a phone each row is a card
 * (docs/product/quality.md#phone-tables), and text past the card is cut off by the table's box.
 * Text cut on purpose (an ellipsis, with the whole value as a tooltip) and text for screen
 * readers only are left out.
 */
export function textPastRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const past: string[] = [];
    for (const row of document.querySelectorAll<HTMLElement>('table > tbody > tr')) {
      const edge = row.getBoundingClientRect();
      if (edge.width < 4) continue;
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width === 0 || r.right <= edge.right + 1) continue;
        let meant = false;
        for (let el = node.parentElement; el && el !== row; el = el.parentElement) {
          const style = getComputedStyle(el);
          // Cut with an ellipsis, or for screen readers only (sr-only).
          if (style.textOverflow === 'ellipsis' || style.clipPath !== 'none') meant = true;
        }
        if (!meant) past.push(`"${text.slice(0, 40)}" (${Math.round(r.right - edge.right)} px)`);
      }
    }
    return past;
  });
}

/**
 * On a phone, row labels taller than their cell: a label of two lines ran into the next line's
 * label when the cell held one line of value.
 */
export function labelsPastCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const past: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('table > tbody > tr > td')) {
      const label = getComputedStyle(cell, '::before');
      if (label.content === 'none' || label.display === 'none') continue;
      const box = cell.getBoundingClientRect();
      if (box.width < 4) continue;
      const height = parseFloat(label.height);
      if (!Number.isFinite(height)) continue;
      // Where the label starts below the cell's top edge: its offset or its margin, and the padding.
      const top =
        (parseFloat(label.top) || 0) +
        (parseFloat(label.marginTop) || 0) +
        (label.position === 'absolute' ? 0 : parseFloat(getComputedStyle(cell).paddingTop));
      if (top + height > box.height + 1) {
        past.push(`"${cell.dataset.label}" (${Math.round(top + height - box.height)} px)`);
      }
    }
    return past;
  });
}
