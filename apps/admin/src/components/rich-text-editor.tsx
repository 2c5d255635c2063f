// The console's rich text editor (TipTap over ProseMirror): headings, bold/italic/underline/strike, lists, quotes,
// links, alignment, tables and images, pasting from Word or a web page keeps headings, lists and tables (what the
// schema knows; the rest becomes paragraphs). Images (the toolbar button, or pasted/dropped files) are uploaded and
// inserted by the URL the server answers. It writes HTML, which the server sanitizes on save. A form control: value
// and onChange, as a Form.Item gives them. Heavy: pages load it with React.lazy, so the rest of the console does not.
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { TextAlign } from '@tiptap/extension-text-align';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { STAFF_CALLS } from '@uc/shared';
import { App, Button, Divider, Dropdown, Input, Modal, Space, Tooltip } from 'antd';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { call } from '../lib/http';

/** Uploads an image file and answers the URL to show it at. */
export type ImageUpload = (file: File) => Promise<string>;

/** The content section's upload (kind=image): the default for every editor. */
export const uploadNoticeImage: ImageUpload = async (file) => {
  const form = new FormData();
  form.append('file', file);
  const saved = await call(STAFF_CALLS.content.uploadImage, { input: form });
  return saved.url;
};

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** How an image is uploaded; default: the notices' image upload. */
  upload?: ImageUpload;
  disabled?: boolean;
  /** The writing area's least height in px. */
  minHeight?: number;
  'aria-label'?: string;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const EDITOR_CSS = `
.uc-rte { border: 1px solid #d9d9d9; border-radius: 6px; background: #fff; }
.uc-rte:focus-within { border-color: #4096ff; box-shadow: 0 0 0 2px rgba(5,145,255,.1); }
.uc-rte-bar { display: flex; flex-wrap: wrap; gap: 2px; align-items: center; padding: 4px 6px; border-bottom: 1px solid #f0f0f0; position: sticky; top: 0; background: #fff; z-index: 1; }
.uc-rte-bar .ant-btn-color-primary { background: #e6f4ff; color: #1677ff; }
.uc-rte .ProseMirror { padding: 10px 14px; outline: none; line-height: 1.75; overflow-wrap: anywhere; }
.uc-rte .ProseMirror > * + * { margin-top: .6em; }
.uc-rte .ProseMirror h2 { font-size: 18px; margin: .8em 0 .4em; }
.uc-rte .ProseMirror h3 { font-size: 16px; margin: .8em 0 .4em; }
.uc-rte .ProseMirror p { margin: 0 0 .5em; }
.uc-rte .ProseMirror ul, .uc-rte .ProseMirror ol { padding-left: 1.6em; }
.uc-rte .ProseMirror blockquote { border-left: 3px solid #d9d9d9; margin: 0; padding-left: 12px; color: #595959; }
.uc-rte .ProseMirror img { max-width: 100%; height: auto; }
.uc-rte .ProseMirror img.ProseMirror-selectednode { outline: 2px solid #1677ff; }
.uc-rte .ProseMirror .tableWrapper { overflow-x: auto; }
.uc-rte .ProseMirror table { border-collapse: collapse; width: 100%; table-layout: fixed; }
.uc-rte .ProseMirror td, .uc-rte .ProseMirror th { border: 1px solid #d9d9d9; padding: 4px 8px; vertical-align: top; position: relative; }
.uc-rte .ProseMirror th { background: #fafafa; font-weight: 600; }
.uc-rte .ProseMirror .selectedCell:after { content: ''; position: absolute; inset: 0; background: rgba(22,119,255,.12); pointer-events: none; }
.uc-rte .ProseMirror .column-resize-handle { position: absolute; right: -2px; top: 0; bottom: 0; width: 4px; background: #69b1ff; }
.uc-rte .ProseMirror p.is-editor-empty:first-child::before { content: attr(data-placeholder); color: #bfbfbf; float: left; height: 0; pointer-events: none; }
`;

function Tool({
  title,
  icon,
  active = false,
  disabled = false,
  onClick,
  children,
}: {
  title: string;
  icon?: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type="text"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        icon={icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

type Chain = ReturnType<Editor['chain']>;
type FormatState =
  | 'h2'
  | 'h3'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'bullet'
  | 'ordered'
  | 'quote'
  | 'left'
  | 'center'
  | 'right';

/** The toolbar's formatting toggles, in groups: the title, the face (an icon or a text), the state it shows, the command. */
const FORMATS: readonly (readonly {
  title: string;
  face: ReactNode;
  on: FormatState;
  run: (c: Chain) => Chain;
}[])[] = [
  [
    { title: '标题', face: 'H2', on: 'h2', run: (c) => c.toggleHeading({ level: 2 }) },
    { title: '小标题', face: 'H3', on: 'h3', run: (c) => c.toggleHeading({ level: 3 }) },
    { title: '加粗', face: <BoldOutlined />, on: 'bold', run: (c) => c.toggleBold() },
    { title: '斜体', face: <ItalicOutlined />, on: 'italic', run: (c) => c.toggleItalic() },
    { title: '下划线', face: <UnderlineOutlined />, on: 'underline', run: (c) => c.toggleUnderline() },
    { title: '删除线', face: <StrikethroughOutlined />, on: 'strike', run: (c) => c.toggleStrike() },
  ],
  [
    { title: '无序列表', face: <UnorderedListOutlined />, on: 'bullet', run: (c) => c.toggleBulletList() },
    { title: '有序列表', face: <OrderedListOutlined />, on: 'ordered', run: (c) => c.toggleOrderedList() },
    { title: '引用', face: '“”', on: 'quote', run: (c) => c.toggleBlockquote() },
    { title: '左对齐', face: <AlignLeftOutlined />, on: 'left', run: (c) => c.setTextAlign('left') },
    { title: '居中', face: <AlignCenterOutlined />, on: 'center', run: (c) => c.setTextAlign('center') },
    { title: '右对齐', face: <AlignRightOutlined />, on: 'right', run: (c) => c.setTextAlign('right') },
  ],
];

function Toolbar({ editor, onImage }: { editor: Editor; onImage: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const tableItems = [
    { key: 'rowAfter', label: '下方插入行', run: () => chain().addRowAfter().run() },
    { key: 'colAfter', label: '右侧插入列', run: () => chain().addColumnAfter().run() },
    { key: 'deleteRow', label: '删除行', run: () => chain().deleteRow().run() },
    { key: 'deleteCol', label: '删除列', run: () => chain().deleteColumn().run() },
    { key: 'merge', label: '合并/拆分单元格', run: () => chain().mergeOrSplit().run() },
    { key: 'header', label: '切换表头行', run: () => chain().toggleHeaderRow().run() },
    { key: 'deleteTable', label: '删除表格', run: () => chain().deleteTable().run() },
  ];
  return (
    <div className="uc-rte-bar" role="toolbar" aria-label="格式">
      <Tool
        title="撤销"
        icon={<UndoOutlined />}
        disabled={!state.undo}
        onClick={() => chain().undo().run()}
      />
      <Tool
        title="重做"
        icon={<RedoOutlined />}
        disabled={!state.redo}
        onClick={() => chain().redo().run()}
      />
      <Divider orientation="vertical" />
      {FORMATS.map((group, g) => (
        <Fragment key={group[0]?.title}>
          {group.map(({ title, face, on, run }) => (
            <Tool
              key={title}
              title={title}
              icon={typeof face === 'string' ? undefined : face}
              active={state[on]}
              onClick={() => run(chain()).run()}
            >
              {typeof face === 'string' ? face : undefined}
            </Tool>
          ))}
          {g < FORMATS.length - 1 && <Divider orientation="vertical" />}
        </Fragment>
      ))}
      <Divider orientation="vertical" />
      <Tool
        title="链接"
        icon={<LinkOutlined />}
        active={state.link}
        onClick={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
          setLinkOpen(true);
        }}
      />
      <Tool title="插入图片" icon={<PictureOutlined />} onClick={onImage} />
      {state.table ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: tableItems.map(({ key, label }) => ({ key, label })),
            onClick: ({ key }) => tableItems.find((i) => i.key === key)?.run(),
          }}
        >
          <Button
            size="small"
            type="text"
            icon={<TableOutlined />}
            aria-label="表格操作"
            onMouseDown={(e) => e.preventDefault()}
          >
            表格
          </Button>
        </Dropdown>
      ) : (
        <Tool
          title="插入表格"
          icon={<TableOutlined />}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
      )}
      <Modal
        title="链接"
        open={linkOpen}
        okText="确定"
        onCancel={() => setLinkOpen(false)}
        onOk={() => {
          const url = href.trim();
          if (url === '' || url === 'https://') chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href: url }).run();
          setLinkOpen(false);
        }}
        destroyOnHidden
      >
        <Input
          aria-label="链接地址"
          value={href}
          onChange={(e) => setHref(e.target.value)}
          placeholder="https://"
        />
        <Space style={{ marginTop: 8, color: '#8c8c8c' }}>
          留空即取消链接；只支持 http、https 和 mailto 链接。
        </Space>
      </Modal>
    </div>
  );
}

export function RichTextEditor({
  value = '',
  onChange,
  upload = uploadNoticeImage,
  disabled = false,
  minHeight = 240,
  'aria-label': ariaLabel = '正文',
}: RichTextEditorProps) {
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const last = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const uploadRef = useRef(upload);
  uploadRef.current = upload;

  const insertImages = async (editor: Editor, files: readonly File[], at?: number) => {
    for (const file of files) {
      if (!IMAGE_TYPES.includes(file.type)) {
        void message.error('请选择图片文件（PNG、JPG、GIF、WEBP）');
        continue;
      }
      const hide = message.loading(`正在上传 ${file.name}`, 0);
      try {
        const src = await uploadRef.current(file);
        const chain = editor.chain().focus();
        (at === undefined ? chain : chain.setTextSelection(at)).setImage({ src, alt: file.name }).run();
      } catch (error) {
        void message.error((error as Error).message);
      } finally {
        hide();
      }
    }
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
      }),
      TextAlign.configure({
        types: ['heading', 'paragraph'],
        alignments: ['left', 'center', 'right', 'justify'],
      }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-label': ariaLabel,
        'aria-multiline': 'true',
        role: 'textbox',
        style: `min-height:${minHeight}px`,
      },
      handlePaste: (_view, event) => {
        const files = [...(event.clipboardData?.files ?? [])].filter((f) => IMAGE_TYPES.includes(f.type));
        if (files.length === 0 || !editorRef.current) return false;
        void insertImages(editorRef.current, files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = [...(event.dataTransfer?.files ?? [])].filter((f) => IMAGE_TYPES.includes(f.type));
        if (files.length === 0 || !editorRef.current) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(editorRef.current, files, at);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      last.current = html;
      onChangeRef.current?.(html);
    },
  });
  const editorRef = useRef<Editor | null>(null);
  editorRef.current = editor;

  // A value set from outside (the form's reset, a loaded item) replaces the content; our own echo does not.
  useEffect(() => {
    if (editor && value !== last.current) {
      last.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div className="uc-rte">
      <style>{EDITOR_CSS}</style>
      {editor && !disabled && <Toolbar editor={editor} onImage={() => fileInput.current?.click()} />}
      <EditorContent editor={editor} />
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        style={{ display: 'none' }}
        aria-label="选择图片"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (editor) void insertImages(editor, files);
        }}
      />
    </div>
  );
}
