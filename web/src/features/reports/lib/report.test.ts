import { describe, expect, it } from 'vitest';

import { readReportFilters, writeReportFilters } from './filters';
import { barWidth, candidatesLink, formatDays, formatShare } from './report';

describe('report numbers', () => {
  it('writes shares so a few candidates never look like none or all', () => {
    expect(formatShare(0.6667)).toBe('67%');
    expect(formatShare(0.001)).toBe('<1%');
    expect(formatShare(0.999)).toBe('>99%');
    expect(formatShare(null)).toBe('—');
    expect(formatShare(1.5)).toBe('100%');
  });

  it('writes days with one decimal', () => {
    expect(formatDays(2.5)).toBe('2.5 days');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(10)).toBe('10 days');
    expect(formatDays(null)).toBe('—');
  });

  it('sizes bars against the widest', () => {
    expect(barWidth(5, 10)).toBe(50);
    expect(barWidth(1, 3)).toBe(33.3);
    expect(barWidth(0, 0)).toBe(0);
  });

  it('links a number to the candidates of the period it counts', () => {
    expect(candidatesLink({ from: '2026-02-01', to: '2026-02-28' }, { job: 'jd-1', reached: 'invited', finished: true })).toBe(
      '/candidates?job=jd-1&reached=invited&finished=true&addedFrom=2026-02-01&addedTo=2026-02-28',
    );
    expect(candidatesLink({ from: '2026-02-01', to: '2026-02-28' }, { fact: 'inviteSent' })).toBe(
      '/candidates?fact=inviteSent&addedFrom=2026-02-01&addedTo=2026-02-28',
    );
    expect(candidatesLink({ from: '2026-02-01', to: '2026-02-28' }, { job: 'jd-1', fact: 'noShow' })).toBe(
      '/candidates?job=jd-1&fact=noShow&addedFrom=2026-02-01&addedTo=2026-02-28',
    );
  });

  it("links a recruiter's numbers to the candidates they acted on in the period, whenever added", () => {
    const february = { from: '2026-02-01', to: '2026-02-28' };
    expect(candidatesLink(february, { scorecardBy: 7 })).toBe('/candidates?scorecardBy=7&actedFrom=2026-02-01&actedTo=2026-02-28');
    expect(candidatesLink(february, { job: 'jd-1', decidedBy: 7 })).toBe(
      '/candidates?job=jd-1&decidedBy=7&actedFrom=2026-02-01&actedTo=2026-02-28',
    );
  });
});

describe('report filters in the URL', () => {
  it('reads days and the job, dropping what is no day', () => {
    expect(readReportFilters(new URLSearchParams('from=2026-02-01&to=soon&jdId=abc'))).toEqual({ from: '2026-02-01', to: '', jdId: 'abc' });
  });

  it('leaves empty filters out', () => {
    expect(writeReportFilters({ from: '', to: '2026-02-28', jdId: '' }).toString()).toBe('to=2026-02-28');
  });
});
