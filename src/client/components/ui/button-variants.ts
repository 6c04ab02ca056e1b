import { cva } from 'class-variance-authority';

/**
 * The button's looks, apart from the component: a link styled as a button
 * needs only these (and no class-merging library: the landing page uses them).
 * Each variant names its own focus colour, so that no two classes compete for it.
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default:
          'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-indigo-600',
        destructive:
          'bg-rose-600 text-white shadow-sm hover:bg-rose-700 focus-visible:outline-indigo-600',
        outline:
          'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-100 focus-visible:outline-indigo-600',
        secondary:
          'bg-slate-100 text-slate-900 hover:bg-slate-200 focus-visible:outline-indigo-600',
        ghost:
          'text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-indigo-600',
        link: 'text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-indigo-600',
        /** On the brand colour: a white button (the landing page's hero). */
        inverse:
          'bg-white text-indigo-800 shadow-md hover:bg-indigo-50 focus-visible:outline-white',
        /** On the brand colour: a quiet outlined button. */
        'inverse-ghost':
          'text-white ring-1 ring-white/30 hover:bg-white/10 focus-visible:outline-white',
      },
      size: {
        default: 'h-9 px-4 py-2',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-11 px-6 text-base',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
