import { cn } from './cn';

/** The Hirelane mark and word. */
export function Logo({ className, inverted = false, showName = true }: { className?: string; inverted?: boolean; showName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className={inverted ? 'fill-white' : 'fill-brand-600'} />
        <path
          d="M10 9v14M22 9v14M10 16h12"
          strokeWidth="3"
          strokeLinecap="round"
          className={inverted ? 'stroke-brand-700' : 'stroke-white'}
        />
      </svg>
      {showName && <span className={cn('text-lg font-bold tracking-tight', inverted ? 'text-white' : 'text-slate-900')}>Hirelane</span>}
    </span>
  );
}
