import { describe, expect, it } from 'vitest';

import {
  BLANK_URL,
  EDITOR_COLORS,
  EDITOR_HISTORY,
  EDITOR_TOOLBAR,
  IMAGE_MIME_TYPES,
  isAllowedImageDataUrl,
  sanitizeLinkUrl,
  sanitizeVideoUrl,
  toVideoEmbedUrl,
} from './editor-urls';

describe('sanitizeLinkUrl', () => {
  it.each(['http://example.com', 'https://example.com/jobs?id=1#top', 'HTTPS://EXAMPLE.COM', 'mailto:hr@example.com', 'tel:+911234567890'])(
    'keeps %s',
    (url) => {
      expect(sanitizeLinkUrl(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox',
    'ftp://example.com/file',
    'sms:123',
    'file:///etc/passwd',
    '/relative/path',
    '//evil.example',
    '',
  ])('blanks %j', (url) => {
    expect(sanitizeLinkUrl(url)).toBe(BLANK_URL);
  });

  it('turns a bare address into an https link', () => {
    expect(sanitizeLinkUrl('example.com/careers')).toBe('https://example.com/careers');
    expect(sanitizeLinkUrl('www.example.com')).toBe('https://www.example.com');
  });
});

describe('video links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?h=1', 'https://player.vimeo.com/video/76979871'],
  ])('%s becomes %s', (url, embed) => {
    expect(toVideoEmbedUrl(url)).toBe(embed);
    expect(sanitizeVideoUrl(url)).toBe(embed);
  });

  it.each([
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=x',
    'javascript:alert(1)',
    'https://vimeo.com/about',
  ])('refuses %s', (url) => {
    expect(toVideoEmbedUrl(url)).toBeNull();
    expect(sanitizeVideoUrl(url)).toBe(BLANK_URL);
  });
});

describe('images', () => {
  it('accepts data addresses of the five image types only', () => {
    for (const type of IMAGE_MIME_TYPES) expect(isAllowedImageDataUrl(`data:${type};base64,iVBORw0KGgo=`)).toBe(true);
    expect(isAllowedImageDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isAllowedImageDataUrl('data:image/webp;base64,AAAA')).toBe(false);
    expect(isAllowedImageDataUrl('https://example.com/a.png')).toBe(false);
    expect(isAllowedImageDataUrl('data:image/png;base64,<script>')).toBe(false);
  });
});

describe('editor configuration (SPEC section 9)', () => {
  it('has 35 distinct colours, undo after 1000 ms with 100 steps', () => {
    expect(new Set(EDITOR_COLORS).size).toBe(35);
    expect(EDITOR_HISTORY).toMatchObject({ delay: 1000, maxStack: 100 });
  });

  it('offers the default toolbar and the full format set', () => {
    const flat = EDITOR_TOOLBAR.flat();
    expect(flat).toEqual(
      expect.arrayContaining([
        { header: [1, 2, false, 3] },
        'bold',
        'italic',
        'underline',
        'link',
        { list: 'ordered' },
        { list: 'bullet' },
        'clean',
        { size: ['small', false, 'large', 'huge'] },
        { font: [false, 'serif', 'monospace'] },
        { align: [false, 'center', 'right', 'justify'] },
        { indent: '-1' },
        { indent: '+1' },
        'video',
        'image',
      ]),
    );
  });
});
