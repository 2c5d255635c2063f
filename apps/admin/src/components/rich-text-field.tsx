// The rich text editor as a form control: a Form.Item's direct child (which hands it value and onChange), the editor
// itself loaded on first use so the console's other pages do not pay for it.
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
