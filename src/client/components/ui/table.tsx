import {
  Children,
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/utils';

/**
 * Every table of the product, in one of two layouts (styles.css, `.stacked-table`):
 * - from the `sm` breakpoint up, a table that scrolls sideways inside its own box
 *   when it is wider than it, with a shadow at the edge that has more to show;
 * - below it, each row a card of "label: value" lines, its actions in view, and
 *   no sideways scrolling. The labels are the column headers, repeated on each
 *   cell as `data-label` by the row (read from the header here), so the card
 *   reads the same before and after the page is hydrated.
 * The explicit table roles keep the row and header semantics for screen readers
 * in both layouts (CSS display changes would otherwise drop them).
 */

/** The column headers of the table being rendered, one entry per column. */
const ColumnLabels = createContext<readonly string[] | null>(null);

type WithChildren = { children?: ReactNode };

/** The elements among these children, with fragments opened up. */
function elements(children: ReactNode): ReactElement<WithChildren>[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement<WithChildren>(child)) return [];
    if (child.type === Fragment) return elements(child.props.children);
    return [child];
  });
}

/** The text a header shows: its strings and numbers, in order. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<WithChildren>(node)) return textOf(node.props.children);
  return '';
}

const span = (cell: ReactElement) => {
  const n = Number((cell.props as { colSpan?: unknown }).colSpan ?? 1);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/** The column labels of a table from its header row, as the caller wrote them. */
function headerLabels(children: ReactNode): string[] | null {
  const header = elements(children).find((c) => c.type === TableHeader);
  const row = header && elements(header.props.children).find((c) => c.type === TableRow);
  if (!row) return null;
  return elements(row.props.children).flatMap((cell) => {
    const label = textOf(cell.props.children).trim();
    return Array.from({ length: span(cell) }, () => label);
  });
}

/** True while the element's content is wider than the element itself. */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    // Fires once on observe, then on every size change of the box or the table.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/**
 * While the table scrolls sideways its box is a named, focusable region, so
 * keyboard users can scroll it too.
 */
export function Table({ className, children, ...props }: ComponentProps<'table'>) {
  const [boxRef, scrolls] = useScrollsSideways<HTMLDivElement>();
  const label = props['aria-label'];
  return (
    <div
      ref={boxRef}
      data-scrolls={scrolls || undefined}
      className="table-scroll relative w-full overflow-x-auto overflow-y-hidden rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
      {...(scrolls ? { role: 'region', 'aria-label': label ?? 'Table', tabIndex: 0 } : {})}
    >
      <table
        role="table"
        className={cn('stacked-table w-full caption-bottom text-sm tabular-nums', className)}
        {...props}
      >
        <ColumnLabels value={headerLabels(children)}>{children}</ColumnLabels>
      </table>
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead role="rowgroup" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody role="rowgroup" className={cn('[&_tr:last-child]:border-0', className)} {...props} />
  );
}

/** A row; its cells get their column's label for the phone layout. */
export function TableRow({ className, children, ...props }: ComponentProps<'tr'>) {
  const labels = use(ColumnLabels);
  let content = children;
  if (labels) {
    let column = 0;
    content = elements(children).map((cell) => {
      const at = column;
      column += span(cell);
      const own = cell.props as { 'data-label'?: string };
      if (cell.type !== TableCell || own['data-label'] !== undefined) return cell;
      // A cell across several columns (an empty state, say) stands alone.
      const label = span(cell) > 1 ? '' : (labels[at] ?? '');
      return cloneElement(cell, { 'data-label': label } as WithChildren);
    });
  }
  return (
    <tr
      role="row"
      className={cn('border-b border-slate-200 transition-colors hover:bg-slate-50', className)}
      {...props}
    >
      {content}
    </tr>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td role="cell" className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-slate-600', className)} {...props} />;
}
