import { describe, expect, it } from 'vitest';

import { interviewLinks, isInSection, jobLinks } from './sidebar';

const link = (label: string) => {
  const item = [...jobLinks, ...interviewLinks].find((candidate) => candidate.label === label);
  if (!item) throw new Error(`no sidebar link ${label}`);
  return item;
};

/** The labels of the links highlighted on `pathname`. */
const activeAt = (pathname: string) =>
  [...jobLinks, ...interviewLinks].filter((item) => isInSection(item, pathname)).map((item) => item.label);

describe('sidebar sections', () => {
  it('keeps the four links of SPEC section 2 with their paths', () => {
    expect(jobLinks.slice(0, 4).map(({ label, to }) => [label, to])).toEqual([
      ['Job Dashboard', '/'],
      ['JD Folders', '/folders'],
      ['Create New JD', '/create'],
      ['Candidate List', '/candidates'],
    ]);
  });

  it('links every interview page', () => {
    expect(interviewLinks.map(({ label, to }) => [label, to])).toEqual([
      ['Interview hub', '/interview'],
      ['Schedule call', '/interview/schedule'],
      ['Call history', '/interview/history'],
      ['Assistants', '/interview/assistants'],
    ]);
  });

  it.each([
    ['/', ['Job Dashboard']],
    ['/folders', ['JD Folders']],
    ['/jd/abc', ['JD Folders']],
    ['/jd/abc/board', ['JD Folders']],
    ['/edit/7', ['JD Folders']],
    ['/editjd/abc', ['JD Folders']],
    ['/candidate-details/abc', ['JD Folders']],
    ['/create', ['Create New JD']],
    ['/candidate/analysis/3/0', ['Candidate List']],
    ['/settings/templates', ['Settings']],
    ['/interview', ['Interview hub']],
    ['/interview/schedule', ['Schedule call']],
    ['/interview/history', ['Call history']],
    ['/call-history', ['Call history']],
    ['/analysis/call-1', ['Call history']],
    ['/interview/assistants', ['Assistants']],
    ['/interview/assistants/asst-1', ['Assistants']],
    ['/interview/create-assistant', ['Assistants']],
  ])('highlights one section on %s', (pathname, labels) => {
    expect(activeAt(pathname)).toEqual(labels);
  });

  it('does not take a look-alike path for a section', () => {
    expect(isInSection(link('JD Folders'), '/folderstuff')).toBe(false);
    expect(isInSection(link('Job Dashboard'), '/folders')).toBe(false);
  });
});
