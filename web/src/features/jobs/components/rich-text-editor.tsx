/**
 * Quill 2 in a small React wrapper, configured as SPEC section 9 says. Only
 * the create and edit pages import this module, so Quill and its stylesheet
 * load with those routes and never with /login.
 */
import 'quill/dist/quill.snow.css';
import './rich-text.css';
import './editor.css';

import Quill from 'quill';
import type { Range } from 'quill';
import type Toolbar from 'quill/modules/toolbar';
import type BaseTheme from 'quill/themes/base';
import { useEffect, useRef } from 'react';

import { nameToolbarControls } from '../lib/editor-labels';
import {
  EDITOR_FORMATS,
  EDITOR_HISTORY,
  EDITOR_TOOLBAR,
  IMAGE_MIME_TYPES,
  isAllowedImageDataUrl,
  sanitizeLinkUrl,
  sanitizeVideoUrl,
} from '../lib/editor-urls';

type SanitizingBlot = { sanitize: (url: string) => string };

let registered = false;

/** Replaces Quill's link, video and image address rules with ours (once per page). */
function registerFormats() {
  if (registered) return;
  registered = true;
  const Link = Quill.import('formats/link') as SanitizingBlot;
  const Video = Quill.import('formats/video') as SanitizingBlot;
  const Image = Quill.import('formats/image') as SanitizingBlot;
  Link.sanitize = sanitizeLinkUrl;
  Video.sanitize = sanitizeVideoUrl;
  // A refused image keeps Quill's own empty address.
  Image.sanitize = (url: string) => (isAllowedImageDataUrl(url) ? url : '//:0');
}

/** Reads chosen or dropped image files as data addresses and embeds them. */
function embedImages(this: { quill: Quill }, range: Range, files: File[]) {
  const { quill } = this;
  void Promise.all(
    files.map(
      (file) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
          reader.onerror = () => reject(reader.error ?? new Error('Could not read the image.'));
          reader.readAsDataURL(file);
        }),
    ),
  )
    .then((urls) => {
      let index = range.index;
      quill.deleteText(range.index, range.length, 'user');
      for (const url of urls) {
        if (!isAllowedImageDataUrl(url)) continue;
        quill.insertEmbed(index, 'image', url, 'user');
        index += 1;
      }
      quill.setSelection(index, 0, 'silent');
    })
    .catch((error: unknown) => console.error('Image could not be embedded', error));
}

/**
 * The editor's HTML as stored: Quill's semantic HTML (real <ul>/<ol>), with
 * the non-breaking spaces Quill 2.0.3 puts between every word turned back
 * into spaces; '' when the editor is empty.
 */
export function editorHtml(quill: Quill): string {
  const hasEmbed = quill.getContents().ops.some((op) => typeof op.insert === 'object');
  if (!hasEmbed && quill.getText().trim() === '') return '';
  return quill.getSemanticHTML().replaceAll('&nbsp;', ' ');
}

export type RichTextEditorProps = {
  /** Labels the editing area (the id of a visible label). */
  labelledBy: string;
  /** HTML shown when the editor mounts; later changes are ignored. */
  defaultValue: string;
  onChange: (html: string) => void;
  placeholder?: string;
};

export function RichTextEditor({ labelledBy, defaultValue, onChange, placeholder }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  const initialRef = useRef(defaultValue);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    registerFormats();
    const mount = document.createElement('div');
    host.append(mount);
    const quill = new Quill(mount, {
      theme: 'snow',
      placeholder,
      formats: EDITOR_FORMATS,
      modules: {
        toolbar: EDITOR_TOOLBAR,
        history: EDITOR_HISTORY,
        uploader: { mimetypes: [...IMAGE_MIME_TYPES], handler: embedImages },
      },
    });
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-labelledby', labelledBy);
    const toolbar = quill.getModule('toolbar') as Toolbar;
    // Until the first selection change Quill shows the colour pickers on their first swatch
    // (black); start every picker as it is with no selection, so its name says nothing untrue.
    toolbar.update(null);
    for (const picker of (quill.theme as BaseTheme).pickers) picker.update();
    // The pickers' names say what the selection is set to, so they follow it.
    const nameControls = () => {
      if (toolbar.container) nameToolbarControls(toolbar.container);
    };
    nameControls();

    if (initialRef.current) {
      quill.setContents(quill.clipboard.convert({ html: initialRef.current }), 'silent');
      quill.history.clear();
    }
    const handleChange = () => onChangeRef.current(editorHtml(quill));
    quill.on('text-change', handleChange);
    quill.on('editor-change', nameControls);
    return () => {
      quill.off('text-change', handleChange);
      quill.off('editor-change', nameControls);
      host.replaceChildren();
    };
  }, [labelledBy, placeholder]);

  return <div ref={hostRef} className="jd-editor" data-testid="rich-text-editor" />;
}
