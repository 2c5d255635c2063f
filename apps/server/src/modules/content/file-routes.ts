// HTTP of the notices' files: staff upload one (multipart, one file) and preview it, staff check what the sanitizer
// would remove from a body, and members read a file at /api/ccw/files/{id}/ (an image: anyone, cached; an attachment:
// a signed-in member while its notice is published, as a download under its Chinese name).
import {
  MSG,
  MSG_WITH,
  NOTICE_FILE_API,
  noticeFileSchema,
  noticeFileUploadQuery,
  STAFF_CONTENT_API,
  sanitizeAnswerSchema,
  sanitizeBody,
} from '@uc/shared';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../errors.js';
import { uploadMaxBytes } from '../../lib/file-check.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { uploadedFile, uploadScope } from '../../lib/upload.js';
import { sweepHourly } from '../../lib/upload-sweep.js';
import { bearerToken } from '../../plugins/auth.js';
import { auditActor } from '../../plugins/staff-auth.js';
import { idParams } from '../../plugins/staff-routes.js';
import type { FileOut, NoticeFiles } from './files.js';

/** What the member route needs to tell a signed-in member (the auth module's sessions satisfy it). */
export interface FileReaderAuth {
  /** Throws the 401 of a missing, expired or revoked session. */
  authenticate(token: string | null): Promise<unknown>;
}

/** The file's bytes: an image shown inline and cached, an attachment downloaded under its name. */
function send(reply: FastifyReply, { row, bytes }: FileOut, cache: string) {
  const image = row.kind === 'image';
  return reply
    .header('Content-Type', row.mime)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', contentDisposition(row.name, { type: image ? 'inline' : 'attachment' }))
    .header('Cache-Control', cache)
    .send(bytes);
}

const tags = ['staff-content'];

export const noticeFileRoutes: FastifyPluginAsyncZod<{ files: NoticeFiles; auth: FileReaderAuth }> = async (
  app,
  { files, auth },
) => {
  sweepHourly(app, files.sweep, 'notice upload sweep failed');
  // The upload's limit is checked by file-check (its message names the limit); the multipart limit lets one byte
  // more through so an oversize file reaches that check rather than a generic refusal.
  await uploadScope(app, uploadMaxBytes(files.maxMb) + 1, (scope) =>
    dataAt(
      scope,
      'POST',
      [STAFF_CONTENT_API.files],
      {
        config: { staff: 'content.write' },
        tags,
        summary: '上传内容的附件或正文图片',
        description: `multipart/form-data，一个文件字段 file；query kind=attachment（默认）或 image（须为图片）。支持 PDF、DOC/DOCX、XLS/XLSX、PNG/JPEG/GIF/WEBP，按文件内容判断类型，不超过 UPLOAD_MAX_MB（默认10MB）。返回的 url 用于正文的图片或附件链接；保存内容时在 attachments 中列出附件的 id。`,
        querystring: noticeFileUploadQuery,
        data: noticeFileSchema,
        message: MSG.saved,
      },
      async (request) => {
        const { bytes, fileName } = await uploadedFile(request, {
          tooLarge: () => errors.badRequest(MSG_WITH.fileTooLarge(files.maxMb)),
          missing: () => errors.badRequest(MSG.fileMissing),
        });
        return files.upload(auditActor(request).staff.id, { fileName, bytes, kind: request.query.kind });
      },
    ),
  );

  app.get(
    routePath(STAFF_CONTENT_API.file),
    {
      config: { staff: 'content.read' },
      schema: { tags, summary: '预览内容的文件（附件或图片）', params: idParams },
    },
    async (request, reply) => send(reply, await files.forStaff(request.params.id), 'private, no-store'),
  );

  dataAt(
    app,
    'POST',
    [STAFF_CONTENT_API.sanitize],
    {
      config: { staff: 'content.write' },
      tags,
      summary: '预览正文清理结果',
      description:
        '按允许列表清理正文 HTML（保存时同样清理），返回保存后的正文与被移除的内容（如 `<script> 标签`、`onclick 属性`、`javascript: 链接`），控制台在发布前提示。',
      body: sanitizeBody,
      data: sanitizeAnswerSchema,
    },
    async (request) => {
      const { html, removed } = sanitizeRichText(request.body.content);
      return { content: html, removed };
    },
  );

  app.get(
    routePath(NOTICE_FILE_API.file),
    {
      schema: {
        tags: ['policy-items'],
        summary: '内容的文件：图片（公开）或附件（登录会员，所属内容已发布且未撤回）',
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await files.forMember(request.params.id, () => auth.authenticate(bearerToken(request)));
      return send(
        reply,
        file,
        file.row.kind === 'image' ? 'public, max-age=31536000, immutable' : 'private, no-store',
      );
    },
  );
};
