import { useEffect, useId, useRef, useState } from 'react';
import type { ComponentType, SVGProps } from 'react';

import { cn } from '@/components/ui/cn';
import { BoardIcon, FileTextIcon, GlobeIcon, MoreVerticalIcon, PencilIcon, TrashIcon, UploadIcon, ZapIcon } from '@/components/ui/icons';

export type JdActionsProps = {
  resumeRequired: boolean;
  /** Opens the upload area's file chooser; without it the button is disabled. */
  onUpload?: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onViewResumes: () => void;
  /** Opens the JD's board (candidates by hiring stage). */
  onBoard: () => void;
  /** Opens the job page dialog (publish it, its address, where the work is). */
  onJobPage: () => void;
  /** Opens the autopilot dialog; none for a JD no one can apply to (a CSV JD). */
  onAutopilot?: () => void;
};

type Action = {
  key: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  onSelect?: () => void;
  disabled?: boolean;
  hint?: string;
  tone?: 'danger';
};

const UPLOADS_SOON = 'Uploads arrive soon';

/**
 * The detail page's buttons: a row from 640 px up, one "Actions" menu below
 * (SPEC section 2: they collapse to a menu on small screens).
 */
export function JdActions({ resumeRequired, onUpload, onEdit, onDelete, onViewResumes, onBoard, onJobPage, onAutopilot }: JdActionsProps) {
  const actions: Action[] = [
    {
      key: 'upload',
      label: resumeRequired ? 'Upload Resume' : 'Upload CSV',
      Icon: UploadIcon,
      onSelect: onUpload,
      disabled: !onUpload,
      hint: onUpload ? undefined : UPLOADS_SOON,
    },
    { key: 'edit', label: 'Edit JD', Icon: PencilIcon, onSelect: onEdit },
    { key: 'delete', label: 'Delete JD', Icon: TrashIcon, onSelect: onDelete, tone: 'danger' },
    { key: 'resumes', label: 'View All Resumes', Icon: FileTextIcon, onSelect: onViewResumes },
    { key: 'board', label: 'Board', Icon: BoardIcon, onSelect: onBoard },
    { key: 'job-page', label: 'Job page', Icon: GlobeIcon, onSelect: onJobPage },
    ...(onAutopilot ? [{ key: 'autopilot', label: 'Autopilot', Icon: ZapIcon, onSelect: onAutopilot }] : []),
  ];

  return (
    <>
      {/* Spaced so that all seven fit on one line beside the sidebar at 1280 px. */}
      <div className="hidden flex-wrap items-center gap-1.5 sm:flex" data-testid="jd-actions-row">
        {actions.map(({ key, label, Icon, onSelect, disabled, hint, tone }) => (
          <button
            key={key}
            type="button"
            onClick={onSelect}
            disabled={disabled}
            title={hint}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-lg bg-white px-2.5 py-2 text-sm font-semibold ring-1 ring-inset transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:ring-slate-200',
              tone === 'danger' ? 'text-red-700 ring-red-200 hover:bg-red-50' : 'text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            <Icon width={16} height={16} />
            {label}
          </button>
        ))}
      </div>
      <ActionsMenu actions={actions} />
    </>
  );
}

function ActionsMenu({ actions }: { actions: Action[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      const items = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
      const index = items.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative sm:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <MoreVerticalIcon width={16} height={16} />
        Actions
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="JD actions"
          className="absolute right-0 z-40 mt-2 w-56 origin-top-right rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          {actions.map(({ key, label, Icon, onSelect, disabled, hint, tone }) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              aria-disabled={disabled || undefined}
              tabIndex={-1}
              onClick={() => {
                if (disabled) return;
                setOpen(false);
                onSelect?.();
              }}
              className={cn(
                'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm focus-visible:bg-slate-100 focus-visible:outline-none',
                disabled
                  ? 'cursor-not-allowed text-slate-400'
                  : tone === 'danger'
                    ? 'text-red-700 hover:bg-red-50'
                    : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <Icon width={16} height={16} />
              <span className="flex-1">{label}</span>
              {disabled && hint && <span className="text-xs text-slate-400">soon</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
