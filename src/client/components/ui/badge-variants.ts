import { cva } from 'class-variance-authority';

/** Status colours (docs/product/public-site.md#status-colours): emerald good, amber pending, rose bad, sky info. Always with text. */
export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      tone: {
        neutral: 'border-slate-200 bg-slate-100 text-slate-700',
        brand: 'border-indigo-200 bg-indigo-50 text-indigo-800',
        success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
        warning: 'border-amber-200 bg-amber-50 text-amber-900',
        danger: 'border-rose-200 bg-rose-50 text-rose-800',
        info: 'border-sky-200 bg-sky-50 text-sky-800',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);
