/**
 * The upload area's per-file rows as a reducer, so the state machine
 * (waiting → uploading with progress → done / failed / invalid) is testable.
 */
export type UploadRowState = 'invalid' | 'waiting' | 'uploading' | 'done' | 'failed';

export type UploadRow = {
  id: string;
  name: string;
  size: number;
  state: UploadRowState;
  /** 0-100. */
  progress: number;
  /** A validation or server message (e.g. the dedupe note, or 'Upload failed: …'). */
  message: string | null;
  /** The server's per-file outcome: created, updated or rejected. */
  outcome?: 'created' | 'updated' | 'rejected';
};

export type UploadAction =
  | { type: 'add'; rows: UploadRow[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; progress: number }
  | { type: 'done'; id: string; outcome: 'created' | 'updated' | 'rejected'; message: string | null }
  | { type: 'fail'; id: string; message: string }
  | { type: 'clear' };

export function uploadReducer(rows: UploadRow[], action: UploadAction): UploadRow[] {
  const update = (id: string, patch: Partial<UploadRow>) => rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
  switch (action.type) {
    case 'add':
      return [...rows, ...action.rows];
    case 'start':
      return update(action.id, { state: 'uploading', progress: 0 });
    case 'progress': {
      const row = rows.find((item) => item.id === action.id);
      // Late progress events after the answer must not move a finished row back.
      if (!row || row.state !== 'uploading') return rows;
      return update(action.id, { progress: Math.min(100, Math.max(row.progress, Math.round(action.progress))) });
    }
    case 'done':
      return update(action.id, {
        state: action.outcome === 'rejected' ? 'failed' : 'done',
        progress: 100,
        outcome: action.outcome,
        message: action.message,
      });
    case 'fail':
      return update(action.id, { state: 'failed', message: action.message });
    case 'clear':
      return [];
  }
}

/** Totals for the summary line, and whether the batch has finished. */
export function uploadSummary(rows: readonly UploadRow[]) {
  const sent = rows.filter((row) => row.state !== 'invalid');
  const finished = sent.filter((row) => row.state === 'done' || row.state === 'failed');
  const bytes = sent.reduce((sum, row) => sum + row.size, 0);
  const doneBytes = sent.reduce((sum, row) => sum + (row.size * row.progress) / 100, 0);
  return {
    total: sent.length,
    finished: finished.length,
    succeeded: sent.filter((row) => row.state === 'done').length,
    failed: sent.filter((row) => row.state === 'failed').length,
    invalid: rows.length - sent.length,
    percent: bytes === 0 ? (sent.length > 0 && finished.length === sent.length ? 100 : 0) : Math.round((doneBytes / bytes) * 100),
    complete: sent.length > 0 && finished.length === sent.length,
  };
}
