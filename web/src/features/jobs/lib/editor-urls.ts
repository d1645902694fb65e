/**
 * The rich-text editor's URL rules (SPEC section 5 and 9), kept free of Quill
 * so they are cheap to test and to reuse:
 * - links keep only http, https, mailto and tel; anything else becomes blank;
 * - video links from YouTube and Vimeo become their embed addresses;
 * - images are embedded as data addresses of five image types.
 */

export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

/** What a refused link or video becomes (Quill's own "blank" address). */
export const BLANK_URL = 'about:blank';

export const IMAGE_MIME_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'] as const;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A link as it is stored: kept when its protocol is allowed, `https://` added
 * to a bare address such as `example.com/jobs`, else blank.
 */
export function sanitizeLinkUrl(raw: string): string {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const url = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!url) return BLANK_URL;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // No scheme: a relative path or protocol-relative URL is not a link we keep; a bare host is.
    if (url.startsWith('/') || url.startsWith('.') || url.startsWith('#') || url.startsWith('?')) return BLANK_URL;
    if (/^[^\s/]+\.[^\s/]+/.test(url) && !url.includes(':')) return `https://${url}`;
    return BLANK_URL;
  }
  return (LINK_PROTOCOLS as readonly string[]).includes(scheme) ? url : BLANK_URL;
}

const YOUTUBE_ID = '([A-Za-z0-9_-]{6,})';
const YOUTUBE_PATTERNS = [
  new RegExp(`^(?:https?://)?(?:(?:www|m)\\.)?youtube\\.com/watch\\?(?:.*&)?v=${YOUTUBE_ID}`, 'i'),
  new RegExp(`^(?:https?://)?(?:(?:www|m)\\.)?youtube\\.com/(?:embed|shorts|live)/${YOUTUBE_ID}`, 'i'),
  new RegExp(`^(?:https?://)?(?:www\\.)?youtube-nocookie\\.com/embed/${YOUTUBE_ID}`, 'i'),
  new RegExp(`^(?:https?://)?youtu\\.be/${YOUTUBE_ID}`, 'i'),
];
const VIMEO_PATTERNS = [
  /^(?:https?:\/\/)?(?:www\.)?vimeo\.com\/(?:channels\/[^/]+\/|video\/)?(\d+)/i,
  /^(?:https?:\/\/)?player\.vimeo\.com\/video\/(\d+)/i,
];

/** The embed address of a YouTube or Vimeo link, or null for any other address. */
export function toVideoEmbedUrl(raw: string): string | null {
  const url = raw.trim();
  for (const pattern of YOUTUBE_PATTERNS) {
    const id = pattern.exec(url)?.[1];
    if (id) return `https://www.youtube.com/embed/${id}`;
  }
  for (const pattern of VIMEO_PATTERNS) {
    const id = pattern.exec(url)?.[1];
    if (id) return `https://player.vimeo.com/video/${id}`;
  }
  return null;
}

/** A video source as stored: the embed address, or blank for unknown hosts. */
export function sanitizeVideoUrl(raw: string): string {
  return toVideoEmbedUrl(raw) ?? BLANK_URL;
}

/** Whether an image source is a base64 data address of an allowed image type. */
export function isAllowedImageDataUrl(url: string): boolean {
  const match = /^data:(image\/[a-z-]+);base64,[A-Za-z0-9+/=\s]+$/i.exec(url);
  return match !== null && (IMAGE_MIME_TYPES as readonly string[]).includes(match[1]!.toLowerCase());
}

/** The 35 fixed colours of the colour and background pickers (Quill's palette). */
export const EDITOR_COLORS = [
  '#000000',
  '#e60000',
  '#ff9900',
  '#ffff00',
  '#008a00',
  '#0066cc',
  '#9933ff',
  '#ffffff',
  '#facccc',
  '#ffebcc',
  '#ffffcc',
  '#cce8cc',
  '#cce0f5',
  '#ebd6ff',
  '#bbbbbb',
  '#f06666',
  '#ffc266',
  '#ffff66',
  '#66b966',
  '#66a3e0',
  '#c285ff',
  '#888888',
  '#a10000',
  '#b26b00',
  '#b2b200',
  '#006100',
  '#0047b2',
  '#6b24b2',
  '#444444',
  '#5c0000',
  '#663d00',
  '#666600',
  '#003700',
  '#002966',
  '#3d1466',
] as const;

/** Header picker: 1, 2, none, 3 (SPEC section 9). */
export const EDITOR_HEADERS = [1, 2, false, 3] as const;
/** Sizes; the stylesheet maps them to 10px, 18px and 32px. */
export const EDITOR_SIZES = ['small', false, 'large', 'huge'] as const;
export const EDITOR_FONTS = [false, 'serif', 'monospace'] as const;
export const EDITOR_ALIGNS = [false, 'center', 'right', 'justify'] as const;
export const EDITOR_MAX_INDENT = 8;
/** Undo groups edits within 1000 ms and keeps 100 steps. */
export const EDITOR_HISTORY = { delay: 1000, maxStack: 100, userOnly: true } as const;

/**
 * Toolbar: the default group (headers, bold, italic, underline, link,
 * ordered and bullet lists, clean) plus the rest of the spec's formats.
 */
export const EDITOR_TOOLBAR = [
  [{ header: [...EDITOR_HEADERS] }, { font: [...EDITOR_FONTS] }, { size: [...EDITOR_SIZES] }],
  ['bold', 'italic', 'underline', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  [{ color: [...EDITOR_COLORS] }, { background: [...EDITOR_COLORS] }, { align: [...EDITOR_ALIGNS] }],
  ['video', 'image'],
  ['clean'],
];

/** The formats the editor accepts (pasted content is reduced to these). */
export const EDITOR_FORMATS = [
  'header',
  'font',
  'size',
  'bold',
  'italic',
  'underline',
  'link',
  'list',
  'indent',
  'color',
  'background',
  'align',
  'video',
  'image',
];
